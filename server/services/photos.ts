// Cat photos: the real type is read from the bytes (the declared mimetype is not trusted), only PNG,
// JPEG, WebP and GIF are kept, and nothing over 5 MB. The photo lives once, on its cat's row.
import path from 'node:path'
import { CAT_PHOTO_FILE, type PhotoInput } from '../../shared/schemas/cat.ts'
import { appError, refusalError } from '../errors.ts'
import { cleanImage, type ImageFormat, ImageRefusedError } from './images.ts'

const KEPT_TYPES: ReadonlySet<string> = new Set(CAT_PHOTO_FILE.types)

export interface StoredPhoto {
  bytes: Uint8Array<ArrayBuffer>
  /** What the bytes are, as sniffed. */
  mimetype: string
  originalname: string
}

const tooLarge = () => refusalError(CAT_PHOTO_FILE.tooLarge)
const unsupported = () => refusalError(CAT_PHOTO_FILE.wrongType)

/** How a byte reader refuses: too large, or not bytes of a picture at all. */
export interface ByteLimits {
  maxBytes: number
  /**
   * The upload reader's Buffer is used as it is, not copied: for bytes that are only read (a chat photo
   * is re-encoded, never stored as received), the copy would only double the memory.
   */
  readOnly?: boolean
  tooLarge: () => Error
  unsupported: () => Error
}

/** Base64 text (a data URL prefix is allowed) to bytes, refusing an oversized photo before decoding it. */
function decodeBase64(text: string, limits: ByteLimits): Uint8Array<ArrayBuffer> {
  const body = text.replace(/^data:[^,]{0,200},/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) throw limits.unsupported()
  const decodedLength =
    Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0)
  if (decodedLength > limits.maxBytes) throw limits.tooLarge()
  return new Uint8Array(Buffer.from(body, 'base64'))
}

/** A photo's bytes as a client sent them (base64 text or a data URL, the upload reader's Buffer, a byte array). */
export function receivedBytes(
  data: string | Uint8Array | readonly number[],
  limits: ByteLimits,
): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>
  if (typeof data === 'string') {
    bytes = decodeBase64(data, limits)
  } else if (data instanceof Uint8Array) {
    if (data.length > limits.maxBytes) throw limits.tooLarge()
    // A copy of exactly its bytes (the reader's Buffer may be a view of a larger allocation), off the JS heap.
    bytes = limits.readOnly ? (data as Uint8Array<ArrayBuffer>) : new Uint8Array(data)
  } else {
    if (data.length > limits.maxBytes) throw limits.tooLarge()
    bytes = Uint8Array.from(data)
  }
  if (bytes.length === 0) throw limits.unsupported()
  return bytes
}

/** The image type read from the bytes (magic numbers), or undefined. */
export async function sniffImage(bytes: Uint8Array): Promise<{ mime: string; ext: string } | undefined> {
  // Loaded on the first upload: most requests never need the sniffer.
  const { fileTypeFromBuffer } = await import('file-type')
  return fileTypeFromBuffer(bytes)
}

function cleanName(name: string | undefined, extension: string): string {
  // A path in the name says nothing about the photo; control characters are dropped.
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}]/gu, '')
    .trim()
  return (base || `photo.${extension}`).slice(0, 200)
}

const PHOTO_LIMITS: ByteLimits = { maxBytes: CAT_PHOTO_FILE.maxBytes, tooLarge, unsupported }

/**
 * Checks and normalises an uploaded photo; throws 413 (over 5 MB) or 415 (not PNG/JPEG/WebP/GIF, or not
 * readable as one). The photo is kept upright and without its metadata blocks (EXIF and its GPS
 * position, XMP, ICC): services/images.ts.
 */
export async function acceptPhoto(input: PhotoInput): Promise<StoredPhoto> {
  const received = receivedBytes(input.buffer, PHOTO_LIMITS)
  const type = await sniffImage(received)
  if (!type || !KEPT_TYPES.has(type.mime)) throw unsupported()
  const clean = await stripPhoto(received, type.mime)
  return { bytes: clean, mimetype: type.mime, originalname: cleanName(input.originalname, type.ext) }
}

/** The photo's bytes re-encoded upright with no metadata; 415 when they cannot be read as an image. */
export async function stripPhoto(bytes: Uint8Array, mimetype: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    const clean = await cleanImage(bytes, {
      format: mimetype.slice('image/'.length) as ImageFormat,
      lenient: true,
    })
    return new Uint8Array(clean.data)
  } catch (error) {
    if (error instanceof ImageRefusedError && error.reason === 'too-many-pixels') {
      throw appError('IMAGE_TOO_MANY_PIXELS')
    }
    throw unsupported()
  }
}

/** The stored bytes as a data URL for the owner's browser. */
export function photoDataUrl(bytes: Uint8Array, mimetype: string): string {
  return `data:${mimetype};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
}
