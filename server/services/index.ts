import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Services } from '../context.ts'
import type { Db } from '../db.ts'
import { createOfflineAssistant } from './assistant/offline/index.ts'
import { createOpenAiAssistant } from './assistant/openai.ts'
import type { Assistant } from './assistant/types.ts'
import { createMailer } from './mail.ts'
import { createDemoProvider } from './payments/demo.ts'
import { createStripeProvider } from './payments/stripe.ts'
import type { PaymentProvider } from './payments/types.ts'
import { createPayPal } from './paypal.ts'
import { createRateLimits } from './rate-limits.ts'
import { createTokenService, resolveJwtSecret } from './tokens.ts'

export function createAssistant(config: Config): Assistant {
  return config.OPENAI_API_KEY
    ? createOpenAiAssistant({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
      })
    : createOfflineAssistant()
}

export function createPayments(config: Config): PaymentProvider {
  return config.STRIPE_SECRET_KEY
    ? createStripeProvider({
        secretKey: config.STRIPE_SECRET_KEY,
        webhookSecret: config.STRIPE_WEBHOOK_SECRET,
        apiBase: config.STRIPE_API_BASE,
      })
    : createDemoProvider()
}

/** Picks each outside service's real or embedded implementation from the configuration. */
export function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  overrides: Partial<Services> = {},
): Services {
  return {
    config,
    db,
    log,
    tokens: createTokenService({
      secret: resolveJwtSecret(config.JWT_SECRET, config.dataDir),
      ttlSeconds: config.sessionTtlSeconds,
    }),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, log }),
    assistant: createAssistant(config),
    payments: createPayments(config),
    paypal: createPayPal({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiBase: config.PAYPAL_API_BASE,
    }),
    limits: createRateLimits({ chatPerUser: { points: config.CHAT_RATE_PER_MINUTE, durationSeconds: 60 } }),
    ...overrides,
  }
}
