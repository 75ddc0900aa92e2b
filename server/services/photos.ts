// Cat photos: the real type is read from the bytes (the declared mimetype is not trusted), only PNG,
// JPEG, WebP and GIF are kept, and nothing over 5 MB. The photo lives once, on its cat's row.
import path from 'node:path'
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../shared/constants.ts'
import type { PhotoInput } from '../../shared/schemas/cat.ts'
import { appError } from '../errors.ts'

const KEPT_TYPES: ReadonlySet<string> = new Set(PHOTO_TYPES)

export interface StoredPhoto {
  bytes: Uint8Array<ArrayBuffer>
  /** What the bytes are, as sniffed. */
  mimetype: string
  originalname: string
}

const tooLarge = () => appError('PHOTO_TOO_LARGE')
const unsupported = () => appError('PHOTO_TYPE')

/** Base64 text (a data URL prefix is allowed) to bytes, refusing an oversized photo before decoding it. */
function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const body = text.replace(/^data:[^,]{0,200},/, '').replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(body)) throw unsupported()
  const decodedLength =
    Math.floor((body.length * 3) / 4) - (body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0)
  if (decodedLength > PHOTO_MAX_BYTES) throw tooLarge()
  return new Uint8Array(Buffer.from(body, 'base64'))
}

function cleanName(name: string | undefined, extension: string): string {
  // A path in the name says nothing about the photo; control characters are dropped.
  const base = path
    .basename((name ?? '').replace(/\\/g, '/'))
    .replace(/[\p{Cc}]/gu, '')
    .trim()
  return (base || `photo.${extension}`).slice(0, 200)
}

/** Checks and normalises an uploaded photo; throws 413 (over 5 MB) or 415 (not PNG/JPEG/WebP/GIF). */
export async function acceptPhoto(input: PhotoInput): Promise<StoredPhoto> {
  let bytes: Uint8Array<ArrayBuffer>
  if (typeof input.buffer === 'string') {
    bytes = decodeBase64(input.buffer)
  } else if (input.buffer instanceof Uint8Array) {
    if (input.buffer.length > PHOTO_MAX_BYTES) throw tooLarge()
    // A copy of exactly its bytes (the reader's Buffer may be a view of a larger allocation), off the JS heap.
    bytes = new Uint8Array(input.buffer)
  } else {
    if (input.buffer.length > PHOTO_MAX_BYTES) throw tooLarge()
    bytes = Uint8Array.from(input.buffer)
  }
  if (bytes.length === 0) throw unsupported()
  // Loaded on the first upload: most requests never need the sniffer.
  const { fileTypeFromBuffer } = await import('file-type')
  const type = await fileTypeFromBuffer(bytes)
  if (!type || !KEPT_TYPES.has(type.mime)) throw unsupported()
  return { bytes, mimetype: type.mime, originalname: cleanName(input.originalname, type.ext) }
}

/** The stored bytes as a data URL for the owner's browser. */
export function photoDataUrl(bytes: Uint8Array, mimetype: string): string {
  return `data:${mimetype};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')}`
}
