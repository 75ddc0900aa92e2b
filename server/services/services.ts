// The bundle of outside services a procedure, a domain function or a job may reach: what the app builds
// once at start-up (services/index.ts) and tests build with doubles. It lives with the services, below the
// domain, so the domain needs nothing of the HTTP or tRPC layers to name its dependencies.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db.ts'
import type { Assistant } from './assistant/types.ts'
import type { Mailer } from './mail.ts'
import type { PaymentProvider } from './payments/types.ts'
import type { PayPalService } from './paypal.ts'
import type { RateLimits } from './rate-limits.ts'
import type { ReplyStreams } from './streams/types.ts'
import type { TokenService } from './tokens.ts'

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
