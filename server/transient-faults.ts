// Failures of the database or of Redis that pass on their own (a restart, a dropped connection, a pool or
// command time-out, a paused Redis): the request did nothing wrong, so it is answered 503 with
// Retry-After, never 500. Recognised by the codes the drivers give, anywhere in the error's cause chain.

/** Seconds a client is asked to wait after a transient fault. */
export const TRANSIENT_RETRY_AFTER_SECONDS = 2

// Node's socket errors, PostgreSQL's SQLSTATEs for a server going away or refusing connections (class 08
// connection exceptions, 57P01-57P03 shutdown / cannot connect now, 53300 too many connections), and
// Prisma's codes for an unreachable server or an exhausted pool.
const TRANSIENT_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTCONN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  'P2037',
])

// ioredis says these only in words: a command timed out, or Redis is not connected (no offline queue).
const TRANSIENT_TEXTS = [
  /^Command timed out$/,
  /Stream isn't writeable and enableOfflineQueue options is false/,
  /^Connection is closed\.?$/,
  /Reached the max retries per request limit/,
  /Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Can't reach database server/,
  /Timed out fetching a new connection from the connection pool/,
]

// Prisma's driver adapter (server/db.ts) classifies the database's refusals by `kind`.
const TRANSIENT_KINDS = new Set([
  'ConnectionClosed',
  'DatabaseNotReachable',
  'SocketTimeout',
  'TooManyConnections',
])

function looksTransient(error: object): boolean {
  const { code, name, message, kind } = error as {
    code?: unknown
    name?: unknown
    message?: unknown
    kind?: unknown
  }
  if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08'))) return true
  if (name === 'PrismaClientInitializationError' || name === 'MaxRetriesPerRequestError') return true
  if (typeof kind === 'string' && TRANSIENT_KINDS.has(kind)) return true
  return typeof message === 'string' && TRANSIENT_TEXTS.some((text) => text.test(message))
}

/** True when `error`, or anything in its cause chain, is a transient fault of the database or Redis. */
export function isTransientFault(error: unknown): boolean {
  const seen = new Set<unknown>()
  let current: unknown = error
  while (current && typeof current === 'object' && !seen.has(current)) {
    if (looksTransient(current)) return true
    seen.add(current)
    const { cause, meta } = current as { cause?: unknown; meta?: { driverAdapterError?: unknown } }
    current = cause ?? meta?.driverAdapterError
  }
  return false
}
