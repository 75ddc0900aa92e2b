import type { FastifyBaseLogger } from 'fastify'
import type { Services } from './services/services.ts'
import type { SessionUser } from './services/tokens.ts'

export interface Context {
  services: Services
  user: SessionUser | null
  /** A bearer token was sent and refused (see publicProcedure). */
  tokenRejected: boolean
  ip: string
  log: FastifyBaseLogger
}

/** The context without HTTP: what tests pass to createCaller, and what the HTTP surfaces build on. */
export async function createContextInner(opts: {
  services: Services
  token?: string | null | undefined
  ip?: string
  log?: FastifyBaseLogger
}): Promise<Context> {
  const user = opts.token ? await opts.services.tokens.verify(opts.token) : null
  return {
    services: opts.services,
    user,
    tokenRejected: Boolean(opts.token) && !user,
    ip: opts.ip ?? '127.0.0.1',
    log: opts.log ?? opts.services.log,
  }
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header
  const match = value ? /^Bearer\s+(\S+)$/i.exec(value) : null
  return match?.[1] ?? null
}
