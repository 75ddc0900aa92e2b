// The routes that hold megabytes per request (photo uploads, photo reads) run a few at a time: each
// costs up to about 20 MB of heap on top of the server's own 35 MB, and the server has 128 MB of old
// space (scripts/server-node-flags.mjs). A request that finds the gate full is answered at once, before
// its body is read, with 503 and Retry-After, so a burst is slowed down instead of exhausting memory.
// Who may take a slot is decided before the body is read (photo-admission.ts): a request without a
// session is refused (every photo route needs one), another owner's record is a 404, and uploads by
// accounts without a subscription share LOW_PRIORITY_SLOTS, so subscribers and owners reading their own
// records never wait behind them. One address holds at most one request, and an upload that arrives
// slower than MIN_UPLOAD_BYTES_PER_SECOND loses its slot (slowUploadGuard).
import { PassThrough, type Readable } from 'node:stream'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from '../errors.ts'
import { UploadBodyError } from './upload-body.ts'

/** Photo requests in flight at once, server-wide. */
export const HEAVY_CONCURRENCY = 2
/** Of those, the slots low-priority requests (free accounts' uploads) may hold together. */
export const VISITOR_SLOTS = 1
/** The slowest an upload's body may arrive, averaged from its start, once UPLOAD_GRACE_MS has passed. */
export const MIN_UPLOAD_BYTES_PER_SECOND = 32 * 1024
export const UPLOAD_GRACE_MS = 3_000
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

/** Who asks for slots: the client's address, and whether it goes first (`signedIn`: high priority). */
export interface Holder {
  address: string
  signedIn: boolean
}

/** What the admission decided before the body: a holder's priority, or an answer that ends the request. */
export type Admission =
  | { priority: boolean }
  | { refuse: { status: number; body: { error: string; code: string } } }

export interface Gate {
  /** Takes `weight` slots for `holder`, or answers false when the gate, its share or its address is full. */
  tryEnter(weight: number, holder: Holder): boolean
  leave(weight: number, holder: Holder): void
  readonly inUse: number
}

/**
 * The photo gate with who may take a slot of it: one for the REST photo rows and the photo procedures on
 * /trpc alike, so the slots are counted server-wide whichever surface a photo comes by.
 */
export interface PhotoGate {
  gate: Gate
  admit(req: FastifyRequest): Promise<Admission>
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
  admit: (req: FastifyRequest) => Promise<Admission>,
  capacity = HEAVY_CONCURRENCY,
  visitorCapacity = VISITOR_SLOTS,
) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const weight = weightOf(req)
    if (weight === 0) return
    if (weight > capacity) {
      return reply.code(413).send(errorBody('TOO_LARGE', `At most ${capacity} photos per request`))
    }
    const admission = await admit(req)
    if ('refuse' in admission) {
      // Answered before the body is read and without taking a slot; the rest of the body is read and
      // dropped by Node (bounded by the request timeout), so a client still sending it gets this answer
      // rather than a reset connection, which closing at once gave it (EPIPE) when the answer lost the race.
      return reply.code(admission.refuse.status).send(admission.refuse.body)
    }
    const holder = { address: req.ip, signedIn: admission.priority }
    // Low-priority requests share fewer slots: a call that needs more than they have would be refused
    // forever, so it is a 413 (like one beyond the whole gate), not a 503 to retry.
    if (!holder.signedIn && weight > visitorCapacity) {
      return reply
        .code(413)
        .send(errorBody('TOO_LARGE', `At most ${visitorCapacity} photo per request without a subscription`))
    }
    if (!gate.tryEnter(weight, holder)) {
      return reply
        .code(503)
        .header('retry-after', String(HEAVY_RETRY_AFTER_SECONDS))
        .send(errorBody('SERVICE_UNAVAILABLE', undefined, HEAVY_RETRY_AFTER_SECONDS))
    }
    reply.raw.once('close', () => gate.leave(weight, holder))
  }
}

/**
 * A preParsing hook: the upload's body passes through a counter, and a body arriving slower than
 * MIN_UPLOAD_BYTES_PER_SECOND (averaged from the start, after UPLOAD_GRACE_MS) is cut off with 408, so a
 * trickling sender cannot keep a photo slot for the whole request time-out.
 */
export function slowUploadGuard(minBytesPerSecond = MIN_UPLOAD_BYTES_PER_SECOND, graceMs = UPLOAD_GRACE_MS) {
  return async (req: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    // Fastify never parses a GET's or HEAD's body: nothing would read the counted stream, and a slow read
    // would be cut off for a body it never needed.
    if (req.method === 'GET' || req.method === 'HEAD' || !mayHaveLargeBody(req)) return payload
    const started = Date.now()
    let received = 0
    const counted = new PassThrough()
    const check = setInterval(() => {
      const elapsed = Date.now() - started
      if (elapsed >= graceMs && received < (minBytesPerSecond * elapsed) / 1000) {
        clearInterval(check)
        // The parser fails with 408 (answered, and the slot freed, when the answer is sent); the rest of the
        // body is not waited for: the connection goes a moment later.
        counted.destroy(new UploadBodyError('REQUEST_TIMEOUT'))
        setTimeout(() => {
          // An injected request's socket is a stand-in without destroy().
          const socket = req.raw.socket as { destroy?: unknown } | null
          if (typeof socket?.destroy === 'function') socket.destroy()
        }, 1_000).unref()
      }
    }, 500)
    check.unref()
    const stop = () => clearInterval(check)
    // The parser listens for the failure; should none be listening (the answer already went out), a failed
    // stream without a listener would be an uncaught exception, which ends the process.
    counted.on('error', () => {})
    reply.raw.once('close', stop)
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length
    })
    payload.once('end', stop)
    payload.once('error', stop)
    payload.once('close', stop)
    counted.once('close', stop)
    payload.pipe(counted)
    return counted
  }
}
