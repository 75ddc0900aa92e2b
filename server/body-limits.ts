import { type Readable, Transform } from 'node:stream'
import { ERRORS } from '../shared/errors.ts'

/** Ordinary requests are small; only photo uploads (a byte array in JSON) need more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024
export const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024
/** The tRPC procedures that carry a photo, allowed UPLOAD_BODY_LIMIT on the one /trpc route. */
export const UPLOAD_PROCEDURES = new Set(['cat.update', 'cat.create'])

/**
 * The body as it arrives, failed with 413 once it passes `limit` bytes. Counting the bytes, not trusting
 * Content-Length, also holds a chunked body (which declares no length) to the limit.
 */
export function capBody(payload: Readable, limit: number): Readable {
  let received = 0
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      if (received > limit) done(Object.assign(new Error(ERRORS.tooLarge), { statusCode: 413 }))
      else done(null, chunk)
    },
  })
  // Not pipeline(): that would destroy the request, and with it the socket the 413 goes out on. A client
  // that aborts mid-body still fails the counter, so the read ends.
  payload.on('error', (error) => counter.destroy(error))
  return payload.pipe(counter)
}
