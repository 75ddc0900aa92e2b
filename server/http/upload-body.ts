// The JSON body of a photo upload, read as it arrives without building the photo as a JS value.
//
// docs/product.md §3 sends a photo as a JSON array of byte values: 5 MB of photo is about 19 MB of JSON text,
// and JSON.parse makes it a 5-million-element array (40 MB of heap, more while it grows). Three at once
// exhausted the server's 128 MB heap. Here the body is scanned byte by byte as it streams in:
// - an array of more than SMALL_ARRAY integers from 0 to 255 is written into a Buffer (memory outside
//   the JS heap) and reaches the procedure as that Buffer;
// - a string longer than LONG_STRING that is base64 (or a base64 data URL) is decoded into a Buffer;
// - everything else is kept as JSON text, at most DEFAULT_BODY_LIMIT of it (like every other route),
//   and parsed with JSON.parse once the body is complete.
// All converted bytes together are at most the route's cap (PHOTO_MAX_BYTES; a chat photo's route
// declares ATTACHMENT_MAX_BYTES), 413 beyond. So an upload costs the heap what
// an ordinary 1 MB request costs, plus one photo's bytes outside it.
import crypto from 'node:crypto'
import type { Readable } from 'node:stream'
import type { FastifyRequest } from 'fastify'
import { ATTACHMENT_MAX_BYTES, PHOTO_MAX_BYTES } from '../../shared/constants.ts'
import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors.ts'
import { DEFAULT_BODY_LIMIT } from '../body-limits.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The photo bytes an upload route takes (uploadJsonParser below). */
    uploadMaxBytes?: number | undefined
  }
}

/** Arrays up to this many elements stay JSON (a tiny photo, a list of choices). */
const SMALL_ARRAY = 256
/** The text of a small array is kept while it may still turn out not to be bytes. */
const SMALL_ARRAY_TEXT = SMALL_ARRAY * 16
/** Strings longer than this are kept as bytes, not text, until they are known to be base64. */
const LONG_STRING = 256 * 1024
/** A photo of `maxBytes` as base64 in a data URL (5 MB: about 6.7 MB of text). */
const maxLongString = (maxBytes: number) => Math.ceil((maxBytes * 4) / 3) + 64 * 1024

/** A refused upload body, by the catalogue's code; its status is the catalogue's. */
export class UploadBodyError extends Error {
  readonly statusCode: number

  constructor(
    readonly appCode: ErrorCode,
    message: string = ERROR_CATALOGUE[appCode].message,
  ) {
    super(message)
    this.statusCode = ERROR_CATALOGUE[appCode].status
  }
}

const tooLarge = () => new UploadBodyError('TOO_LARGE')
/** Over the route's photo cap: the cat photo's 5 MB, or the chat photo's 10 MB. */
const photoTooLarge = (maxBytes: number) => () =>
  new UploadBodyError(maxBytes >= ATTACHMENT_MAX_BYTES ? 'ATTACHMENT_TOO_LARGE' : 'PHOTO_TOO_LARGE')
const invalidJson = () => new UploadBodyError('INVALID_INPUT', 'Invalid JSON body')
const notBytes = () => new UploadBodyError('INVALID_INPUT', 'The photo must be a list of bytes (0 to 255)')

/**
 * A byte buffer that grows by doubling up to `max`; `onFull` says what exceeding it means. Past
 * LONG_STRING it grows at once to `ceiling` when one is known (what is left of the body): a photo's
 * base64 is then one allocation instead of a chain of doublings, which allocated twice its size outside
 * the heap and held the last two links at once (five 12 MP photos at once: 213–217 MB of peak RSS with
 * the chain, 203–206 MB without). The jump costs a short string nothing resident: `allocUnsafe` leaves
 * the pages it never writes untouched, and the heavy gate bounds the requests reading at once.
 */
class Sink {
  buf = Buffer.allocUnsafe(4096)
  length = 0
  constructor(
    private readonly max: number,
    private readonly onFull: () => Error,
    private readonly ceiling = 0,
  ) {}
  push(byte: number) {
    if (this.length === this.buf.length) this.grow(this.length + 1)
    this.buf[this.length++] = byte
  }
  append(bytes: Buffer) {
    if (this.length + bytes.length > this.buf.length) this.grow(this.length + bytes.length)
    bytes.copy(this.buf, this.length)
    this.length += bytes.length
  }
  private grow(needed: number) {
    if (needed > this.max) throw this.onFull()
    const jump = needed > LONG_STRING && this.ceiling >= needed ? this.ceiling : 0
    const next = Buffer.allocUnsafe(Math.min(this.max, Math.max(needed, this.buf.length * 2, jump)))
    this.buf.copy(next, 0, 0, this.length)
    this.buf = next
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.length)
  }
}

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN = 0x5b
const CLOSE = 0x5d
const COMMA = 0x2c
const isDigit = (c: number) => c >= 0x30 && c <= 0x39
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** Base64 text (optionally a data URL) to bytes, decoded in slices; null when it is not base64. */
function decodeBase64(text: Buffer, maxBytes: number): Buffer | null {
  let start = 0
  if (text.subarray(0, 5).toString('latin1') === 'data:') {
    const comma = text.indexOf(COMMA)
    if (comma < 0 || comma > 205) return null
    start = comma + 1
  }
  let end = text.length
  while (end > start && text[end - 1] === 0x3d) end--
  if (text.length - end > 2 || (end - start) % 4 === 1) return null
  const decodedLength = base64Bytes(end - start)
  if (decodedLength > maxBytes) throw photoTooLarge(maxBytes)()
  // Decoded slice by slice, without one string of megabytes, in one pass. Node's decoder skips what is
  // not base64 (or stops at a stray '='), so a slice that holds any such character decodes to fewer
  // bytes than its length says: that is the check, and it costs nothing beyond the decoding (a regex
  // over the text first cost a 12 MP photo about 17 ms, a JS loop over every character about 60 ms).
  const SLICE = 64 * 1024 // a multiple of 4 characters
  const out = Buffer.allocUnsafe(decodedLength)
  let written = 0
  for (let i = start; i < end; i += SLICE) {
    const slice = text.subarray(i, Math.min(end, i + SLICE))
    const bytes = out.write(slice.toString('latin1'), written, 'base64')
    if (bytes !== base64Bytes(slice.length)) return null
    written += bytes
  }
  return out
}

/** The bytes that `length` characters of unpadded base64 stand for (a length of 4n + 1 is not base64). */
const base64Bytes = (length: number) => Math.floor(length / 4) * 3 + [0, 0, 1, 2][length % 4]!

/** Scans JSON text chunk by chunk (see the top of this file). */
export class UploadBodyScanner {
  private readonly text = new Sink(DEFAULT_BODY_LIMIT + 64 * 1024, tooLarge)
  private readonly values: Buffer[] = []
  private readonly marker = `\uE000kc-bytes-${crypto.randomBytes(6).toString('hex')}:`
  private convertedBytes = 0
  private received = 0
  /** Where in the body the byte being read is. */
  private at = 0

  private inString = false
  private escaped = false
  private stringSink: Sink | null = null

  /** Inside a candidate byte array: its raw text while it is still small, its bytes, the number being read. */
  private array: { raw: Sink | null; bytes: Sink; count: number; value: number; digits: number } | null = null

  constructor(
    private readonly limit: number,
    /** Photo bytes this route takes (the chat's photos take more than a cat's). */
    private readonly maxBytes = PHOTO_MAX_BYTES,
    /** The body's length when the request declares it (Content-Length), else 0. */
    private readonly expectedLength = 0,
  ) {}

  write(chunk: Buffer) {
    const base = this.received
    this.received += chunk.length
    if (this.received > this.limit) throw tooLarge()
    let i = 0
    while (i < chunk.length) {
      if (this.inString && !this.escaped && !this.array) {
        // Inside a string (a photo's base64 is megabytes of it): copy the run up to the next quote or
        // backslash at once instead of byte by byte.
        // indexOf scans natively: a JS loop over the megabytes of a photo cost tens of milliseconds.
        const quote = chunk.indexOf(QUOTE, i)
        const backslash = chunk.indexOf(BACKSLASH, i)
        const end = Math.min(quote < 0 ? chunk.length : quote, backslash < 0 ? chunk.length : backslash)
        if (end > i) {
          this.stringSink!.append(chunk.subarray(i, end))
          i = end
          continue
        }
      }
      this.at = base + i
      this.byte(chunk[i]!)
      i++
    }
  }

  /** The bytes of the body from the one being read on, when its length is declared (else 0). */
  private rest(): number {
    return this.expectedLength > this.at ? this.expectedLength - this.at : 0
  }

  private byte(c: number) {
    if (this.array) {
      if (this.arrayByte(c)) return
      // Not a byte array after all, while still small: its text goes out as JSON and c is read anew.
    }
    if (this.inString) return this.stringByte(c)
    if (c === QUOTE) {
      this.inString = true
      // Only a photo's base64 is a string this long: past it, the photo is too large. It is no longer
      // than the rest of the body.
      this.stringSink = new Sink(maxLongString(this.maxBytes), photoTooLarge(this.maxBytes), this.rest())
      return
    }
    if (c === OPEN) {
      this.array = {
        raw: new Sink(SMALL_ARRAY_TEXT, tooLarge),
        // Each byte takes at least two characters of the rest of the body ("0,").
        bytes: new Sink(this.maxBytes, photoTooLarge(this.maxBytes), Math.ceil(this.rest() / 2)),
        count: 0,
        value: 0,
        digits: 0,
      }
      this.array.raw!.push(c)
      return
    }
    this.text.push(c)
  }

  private stringByte(c: number) {
    const sink = this.stringSink!
    if (this.escaped) {
      this.escaped = false
    } else if (c === BACKSLASH) {
      this.escaped = true
    } else if (c === QUOTE) {
      this.inString = false
      this.stringSink = null
      const raw = sink.bytes()
      const bytes =
        raw.length > LONG_STRING && !raw.includes(BACKSLASH) ? decodeBase64(raw, this.maxBytes) : null
      if (bytes) return this.emitValue(bytes)
      this.text.push(QUOTE)
      this.text.append(raw)
      this.text.push(QUOTE)
      return
    }
    sink.push(c)
  }

  /** True when c was taken as part of a byte array. */
  private arrayByte(c: number): boolean {
    const a = this.array!
    if (isDigit(c)) {
      a.value = a.value * 10 + (c - 0x30)
      if (++a.digits > 3 || a.value > 255) return this.notAByteArray()
    } else if (c === COMMA || c === CLOSE) {
      if (a.digits === 0) {
        // `[]` is an empty list; `[,` or `[1,,` is not JSON: either way, JSON.parse decides.
        if (!(c === CLOSE && a.count === 0)) return this.notAByteArray()
      } else {
        this.convertedBytes++
        if (this.convertedBytes > this.maxBytes) throw photoTooLarge(this.maxBytes)()
        a.bytes.push(a.value)
        a.count++
        a.value = 0
        a.digits = 0
      }
      if (c === CLOSE) {
        this.array = null
        if (a.raw) {
          // Small: stays JSON.
          this.convertedBytes -= a.count
          this.text.append(a.raw.bytes())
          this.text.push(c)
        } else {
          this.emitValue(a.bytes.bytes())
        }
        return true
      }
    } else if (!isSpace(c)) {
      return this.notAByteArray()
    }
    if (a.raw) {
      if (a.count >= SMALL_ARRAY || a.raw.length >= SMALL_ARRAY_TEXT) a.raw = null
      else a.raw.push(c)
    }
    return true
  }

  private notAByteArray(): boolean {
    const a = this.array!
    this.array = null
    // Past SMALL_ARRAY elements its text is gone: a long list of bytes with something else inside is
    // not a photo, and no other field takes a list that long.
    if (!a.raw) throw notBytes()
    this.convertedBytes -= a.count
    this.text.append(a.raw.bytes())
    return false
  }

  private emitValue(bytes: Buffer) {
    const index = this.values.push(bytes) - 1
    const placeholder = Buffer.from(JSON.stringify(`${this.marker}${index}`))
    this.text.append(placeholder)
  }

  /** The parsed body: JSON, with each converted photo as a Buffer. */
  end(): unknown {
    if (this.inString || this.array) throw invalidJson()
    const values = this.values
    const marker = this.marker
    try {
      return JSON.parse(this.text.bytes().toString('utf8'), (key, value) => {
        if (key === '__proto__') throw invalidJson()
        if (typeof value === 'string' && value.startsWith(marker))
          return values[Number(value.slice(marker.length))]
        return value
      })
    } catch (error) {
      if (error instanceof UploadBodyError) throw error
      throw invalidJson()
    }
  }
}

/**
 * Reads a request body through the scanner; `limit` is the route's body limit, `expectedLength` the
 * body's declared length (a hint for sizing buffers; the limits hold whatever it says).
 */
export async function readUploadBody(
  payload: Readable,
  limit: number,
  maxBytes?: number,
  expectedLength = 0,
): Promise<unknown> {
  const scanner = new UploadBodyScanner(limit, maxBytes, Math.min(expectedLength, limit))
  for await (const chunk of payload) scanner.write(chunk as Buffer)
  return scanner.end()
}

/**
 * A Fastify content-type parser for application/json on the upload routes (limit: the route's own; the
 * photo bytes: the route's `config.uploadMaxBytes`, else PHOTO_MAX_BYTES).
 */
export function uploadJsonParser(fallbackLimit: number) {
  return (req: FastifyRequest, payload: Readable) =>
    readUploadBody(
      payload,
      req.routeOptions.bodyLimit ?? fallbackLimit,
      req.routeOptions.config?.uploadMaxBytes,
      declaredLength(req.headers['content-length']),
    )
}

/** A Content-Length header as a number of bytes, or 0 when there is none or it is not one. */
function declaredLength(header: string | undefined): number {
  const length = Number(header)
  return Number.isSafeInteger(length) && length > 0 ? length : 0
}
