// The routes that hold megabytes per request (photo uploads, photo reads) run a few at a time: each
// costs up to about 20 MB of heap on top of the server's own 35 MB, and the server has 128 MB of old
// space (scripts/server-node-flags.mjs). A request that finds the gate full is answered at once, before
// its body is read, with 503 and Retry-After, so a burst is slowed down instead of exhausting memory.
import type { FastifyReply, FastifyRequest } from 'fastify'

/** Photo requests in flight at once, server-wide. */
export const HEAVY_CONCURRENCY = 2
/** Seconds a refused client is asked to wait before retrying. */
export const HEAVY_RETRY_AFTER_SECONDS = 2
export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.'
/** An upload route's body up to this size (a cat without a photo) does not need a slot. */
export const SMALL_BODY_BYTES = 64 * 1024

/** True when the request's body may be large: declared over SMALL_BODY_BYTES, or of unknown length. */
export function mayHaveLargeBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length']
  if (length === undefined) return req.headers['transfer-encoding'] !== undefined
  return !(Number(length) <= SMALL_BODY_BYTES)
}

export interface Gate {
  /** Takes `weight` slots, or answers false when they are not free. */
  tryEnter(weight: number): boolean
  leave(weight: number): void
  readonly inUse: number
}

export function createGate(capacity = HEAVY_CONCURRENCY): Gate {
  let inUse = 0
  return {
    tryEnter(weight) {
      if (inUse + weight > capacity) return false
      inUse += weight
      return true
    },
    leave(weight) {
      inUse -= weight
    },
    get inUse() {
      return inUse
    },
  }
}

/**
 * An onRequest hook: the request takes `weightOf(req)` slots until its response is closed (finished or
 * abandoned), or gets 503 + Retry-After. A weight larger than the whole gate is a 413.
 */
export function gateHook(
  gate: Gate,
  weightOf: (req: FastifyRequest) => number,
  capacity = HEAVY_CONCURRENCY,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const weight = weightOf(req)
    if (weight === 0) return
    if (weight > capacity) {
      return reply.code(413).send({ error: `At most ${capacity} photos per request` })
    }
    if (!gate.tryEnter(weight)) {
      return reply
        .code(503)
        .header('retry-after', String(HEAVY_RETRY_AFTER_SECONDS))
        .send({ error: BUSY_MESSAGE })
    }
    reply.raw.once('close', () => gate.leave(weight))
  }
}
