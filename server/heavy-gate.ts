// The routes that hold megabytes per request (photo uploads, photo reads) run a few at a time: each
// costs up to about 20 MB of heap on top of the server's own 35 MB, and the server has 128 MB of old
// space (scripts/server-node-flags.mjs). A request that finds the gate full is answered at once, before
// its body is read, with 503 and Retry-After, so a burst is slowed down instead of exhausting memory.
// The gate is taken once the session is known (issue 19): visitors without one share VISITOR_SLOTS, so
// slow anonymous uploads cannot hold every owner's photos, and one address holds at most one request.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from './errors.ts'

/** Photo requests in flight at once, server-wide. */
export const HEAVY_CONCURRENCY = 2
/** Of those, the slots requests without a session may hold together. */
export const VISITOR_SLOTS = 1
/** Seconds a refused client is asked to wait before retrying. */
export const HEAVY_RETRY_AFTER_SECONDS = 2
/** An upload route's body up to this size (a cat without a photo) does not need a slot. */
export const SMALL_BODY_BYTES = 64 * 1024

/** True when the request's body may be large: declared over SMALL_BODY_BYTES, or of unknown length. */
export function mayHaveLargeBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length']
  if (length === undefined) return req.headers['transfer-encoding'] !== undefined
  return !(Number(length) <= SMALL_BODY_BYTES)
}

/** Who asks for slots: the client's address, and whether it has a session. */
export interface Holder {
  address: string
  signedIn: boolean
}

export interface Gate {
  /** Takes `weight` slots for `holder`, or answers false when the gate, its share or its address is full. */
  tryEnter(weight: number, holder: Holder): boolean
  leave(weight: number, holder: Holder): void
  readonly inUse: number
}

export function createGate(capacity = HEAVY_CONCURRENCY, visitorSlots = VISITOR_SLOTS): Gate {
  let inUse = 0
  let visitors = 0
  const addresses = new Set<string>()
  return {
    tryEnter(weight, holder) {
      if (inUse + weight > capacity || addresses.has(holder.address)) return false
      if (!holder.signedIn && visitors + weight > visitorSlots) return false
      inUse += weight
      if (!holder.signedIn) visitors += weight
      addresses.add(holder.address)
      return true
    },
    leave(weight, holder) {
      inUse -= weight
      if (!holder.signedIn) visitors -= weight
      addresses.delete(holder.address)
    },
    get inUse() {
      return inUse
    },
  }
}

/**
 * An onRequest hook: the request takes `weightOf(req)` slots until its response is closed (finished or
 * abandoned), or gets 503 + Retry-After. A weight larger than the whole gate is a 413. `signedIn` tells
 * whether the request carries a session the server accepts (checked before any slot is taken).
 */
export function gateHook(
  gate: Gate,
  weightOf: (req: FastifyRequest) => number,
  signedIn: (req: FastifyRequest) => Promise<boolean>,
  capacity = HEAVY_CONCURRENCY,
  visitorCapacity = VISITOR_SLOTS,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const weight = weightOf(req)
    if (weight === 0) return
    if (weight > capacity) {
      return reply.code(413).send(errorBody('TOO_LARGE', `At most ${capacity} photos per request`))
    }
    const holder = { address: req.ip, signedIn: await signedIn(req) }
    // Requests without a session share fewer slots: a call that needs more than they have would be
    // refused forever, so it is a 413 (like one beyond the whole gate), not a 503 to retry.
    if (!holder.signedIn && weight > visitorCapacity) {
      return reply
        .code(413)
        .send(errorBody('TOO_LARGE', `At most ${visitorCapacity} photo per request without a session`))
    }
    if (!gate.tryEnter(weight, holder)) {
      return reply
        .code(503)
        .header('retry-after', String(HEAVY_RETRY_AFTER_SECONDS))
        .send(errorBody('SERVICE_UNAVAILABLE'))
    }
    reply.raw.once('close', () => gate.leave(weight, holder))
  }
}
