import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'
import type { Db } from '../db.ts'
import { createOfflineAssistant } from './assistant/offline/index.ts'
import type { Assistant } from './assistant/types.ts'
import { createMailer, type DkimKey } from './mail.ts'
import { createDemoProvider } from './payments/demo.ts'
import type { PaymentProvider } from './payments/types.ts'
import { createPayPal } from './paypal.ts'
import { createRateLimits } from './rate-limits.ts'
import type { Redis } from './redis.ts'
import type { Services } from './services.ts'
import { createReplyStreams } from './streams/index.ts'
import { createTokenService, resolveJwtSecret } from './tokens.ts'

// The SDKs of outside services are loaded only when their service is configured: each costs tens of
// megabytes of memory that the embedded defaults do not need.

export async function createAssistant(config: Config): Promise<Assistant> {
  if (!config.OPENAI_API_KEY) return createOfflineAssistant()
  const { createOpenAiAssistant } = await import('./assistant/openai.ts')
  return createOpenAiAssistant({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    readingTimeoutMs: config.OPENAI_READING_TIMEOUT_MS,
  })
}

export async function createPayments(config: Config): Promise<PaymentProvider> {
  if (!config.STRIPE_SECRET_KEY) return createDemoProvider()
  const { createStripeProvider } = await import('./payments/stripe.ts')
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  })
}

/**
 * Picks each outside service's real or embedded implementation from the configuration. `redis` (opened
 * by main.ts when REDIS_URL is set) makes the rate limits shared by every instance.
 */
export async function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  overrides: Partial<Services> = {},
  redis: Redis | null = null,
): Promise<Services> {
  return {
    config,
    db,
    log,
    tokens: createTokenService({
      secret: await resolveJwtSecret(config.JWT_SECRET, db),
      ttlSeconds: config.sessionTtlSeconds,
      db,
    }),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dkim: dkimKey(config), log }),
    assistant: overrides.assistant ?? (await createAssistant(config)),
    payments: overrides.payments ?? (await createPayments(config)),
    paypal: createPayPal({
      clientId: config.PAYPAL_CLIENT_ID,
      clientSecret: config.PAYPAL_CLIENT_SECRET,
      apiBase: config.PAYPAL_API_BASE,
    }),
    limits: createRateLimits(
      {
        chatPerUser: { points: config.CHAT_RATE_PER_MINUTE, durationSeconds: 60 },
        requestsPerIp: { points: config.GLOBAL_RATE_PER_MINUTE, durationSeconds: 60 },
      },
      redis,
    ),
    streams: overrides.streams ?? (await createReplyStreams(config.REDIS_URL, log, config.REDIS_KEY_PREFIX)),
    ...overrides,
  }
}

/** The DKIM key of the configuration, when one is set (loadConfig checks key and selector go together). */
function dkimKey(config: Config): DkimKey | undefined {
  if (!config.DKIM_PRIVATE_KEY || !config.DKIM_SELECTOR || !config.DKIM_DOMAIN) return undefined
  return {
    domainName: config.DKIM_DOMAIN,
    keySelector: config.DKIM_SELECTOR,
    privateKey: config.DKIM_PRIVATE_KEY,
  }
}
