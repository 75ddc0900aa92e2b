import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import type { Db } from './db.ts'
import type { Assistant } from './services/assistant/types.ts'
import type { Mailer } from './services/mail.ts'
import type { PaymentProvider } from './services/payments/types.ts'
import type { PayPalService } from './services/paypal.ts'
import type { RateLimits } from './services/rate-limits.ts'
import type { ReplyStreams } from './services/streams/types.ts'
import type { SessionUser, TokenService } from './services/tokens.ts'

/** Everything a procedure may reach outside itself; tests build one with doubles for outside services. */
export interface Services {
  config: Config
  db: Db
  tokens: TokenService
  mailer: Mailer
  assistant: Assistant
  payments: PaymentProvider
  paypal: PayPalService
  limits: RateLimits
  /** Replies being generated, readable from any instance (resumable replies). */
  streams: ReplyStreams
  log: FastifyBaseLogger
}

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
