import net from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { DEFAULT_SESSION_TTL } from '../shared/constants.ts'
import { parseDurationSeconds } from '../shared/rules/duration.ts'
import { HTTP_LIMITS } from './http/http-limits.ts'

/** HS256 wants a key as long as its hash; shorter secrets are refused, however they are given. */
export const MIN_JWT_SECRET_LENGTH = 32

// The runtime contract (docs/operations.md "Environment"): every variable optional, defaults that need no
// service at all. Empty strings count as unset (loadConfig drops them) so `FOO=` in a shell or compose file
// means "use the default", for every variable alike.
const optional = z.string().optional()
const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .refine((v) => protocols.test(v) && URL.canParse(v), `must be a URL like ${hint}`)
    .optional()

/** A host that only this machine reaches: plain http there leaks nothing to the network. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  )
}

/**
 * The sender when MAIL_FROM is unset: no-reply at PUBLIC_URL's host, the domain people know the app by
 * (a made-up domain such as kittycare.local fails every receiving server's sender checks); localhost
 * for a local run.
 */
export function defaultSender(publicUrl: string | undefined): string {
  const host = publicUrl ? new URL(publicUrl).hostname : 'localhost'
  const domain = /^[\d.]+$|^\[/.test(host) ? 'localhost' : host
  return `Kitty Care <no-reply@${domain}>`
}

/** The domain of a sender such as `Kitty Care <no-reply@care.example.com>`. */
export function senderDomain(from: string): string | undefined {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1]?.toLowerCase()
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgresql://user@host:5432/db'),
  DATA_DIR: z.string().min(1).default('./.data'),
  JWT_SECRET: z
    .string()
    .min(MIN_JWT_SECRET_LENGTH, `must be at least ${MIN_JWT_SECRET_LENGTH} characters`)
    .optional(),
  SESSION_TTL: z
    .string()
    .default(DEFAULT_SESSION_TTL)
    .refine((v) => parseDurationSeconds(v) !== null, 'must be a duration like 30m, 1h or 7d'),
  /** Where owners reach this app: every link in an e-mail starts with it. Unset: http://HOST:PORT. */
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'https://care.example.com').refine(
    (v) => v === undefined || v.startsWith('https://') || isLoopbackHost(new URL(v).hostname),
    'must be https:// unless its host is this machine (localhost, 127.0.0.1, ::1): one-click unsubscribe (RFC 8058) needs https, and without it browsers get no HSTS (Strict-Transport-Security), so sessions and codes could travel in clear text. Run behind TLS (README "Running behind TLS")',
  ),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp://127.0.0.1:2525'),
  /** Unset: `Kitty Care <no-reply@PUBLIC_URL's host>` (defaultSender). */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * DKIM signing of every e-mail (docs/operations.md "DKIM"): the private key in PEM (a `\n` written
   * for each line break is read as one), its DNS selector, and the signing domain (unset: MAIL_FROM's).
   */
  DKIM_PRIVATE_KEY: z
    .string()
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine(
      (v) => /-----BEGIN (?:RSA |EC )?PRIVATE KEY-----[\s\S]+-----END (?:RSA |EC )?PRIVATE KEY-----/.test(v),
      {
        message: 'must be a PEM private key (-----BEGIN PRIVATE KEY----- …)',
      },
    )
    .optional(),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62})$/, 'must be a DNS label such as kitty2026')
    .optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(
      /^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/,
      'must be a domain name',
    )
    .optional(),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optionalUrl(/^https?:\/\//, 'http://127.0.0.1:11434/v1'),
  OPENAI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** The second reader's time-out (docs/triage.md): past it the product's triage stands alone. */
  OPENAI_READING_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_500),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_MONTHLY: z.string().min(1).default('price_monthly'),
  STRIPE_PRICE_YEARLY: z.string().min(1).default('price_yearly'),
  STRIPE_API_BASE: optionalUrl(/^https?:\/\//, 'http://127.0.0.1:12111'),
  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  PAYPAL_API_BASE: optionalUrl(/^https?:\/\//, 'https://api-m.sandbox.paypal.com'),
  /** Redis shared by every instance (rate limits, reply streams); several instances need it. Unset: one process's memory. */
  REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis://127.0.0.1:6379'),
  /** Prefix of every Redis key this app writes, so several apps (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('kc:'),
  /**
   * Behind a reverse proxy: how many proxies stand in front (a hop count) or their addresses, so per-IP
   * limits see the client. `true` would trust the left-most X-Forwarded-For, which the client writes.
   */
  TRUST_PROXY: optional
    .refine((v) => v !== 'true', {
      message:
        'true trusts any X-Forwarded-For a client writes; give the number of proxies in front instead (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2,10.0.0.3)',
    })
    .refine(
      (v) => v === undefined || v === 'false' || /^\d+$/.test(v) || v.split(',').every(isAddressOrRange),
      {
        message: 'must be a hop count (1) or the proxies’ addresses (10.0.0.2,10.0.0.0/8)',
      },
    )
    .transform((v): false | number | string =>
      v === undefined || v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v.replace(/\s+/g, ''),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Per-user chat messages allowed per minute. */
  CHAT_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /**
   * Hosts a push endpoint may name besides the known push services (comma-separated), trusted as they
   * are, private addresses included: a local push service in development and tests. Unset: none.
   */
  PUSH_EXTRA_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Requests allowed per IP per minute on the whole server (a coarse flood guard). */
  GLOBAL_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Open connections one address may hold (server/http/http-limits.ts); not applied behind TRUST_PROXY. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(HTTP_LIMITS.maxConnectionsPerAddress),
  /** Addresses that may open the safety scoreboard (/api/ops/safety), comma-separated; unset: nobody. */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.every((address) => z.email().safeParse(address).success), {
      message: 'must be e-mail addresses separated by commas',
    }),
})

function isAddressOrRange(value: string): boolean {
  const [address = '', bits, ...rest] = value.trim().split('/')
  if (rest.length || !net.isIP(address)) return false
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (net.isIPv6(address) ? 128 : 32))
}

/**
 * TRUST_PROXY as Fastify's `trustProxy`. Fastify 5 reads a bare hop count as "trust nothing" (it cannot
 * check the peer), so a count becomes its function: the last `hops` addresses are proxies, and the one
 * before them, the address the outermost proxy saw, is the client. The left part a client writes is
 * never read. A hop count assumes the server is reachable only through those proxies.
 */
export function fastifyTrustProxy(
  value: Env['TRUST_PROXY'],
): false | string | ((addr: string, i: number) => boolean) {
  if (typeof value !== 'number') return value
  return (_addr, i) => i < value
}

export type Env = z.infer<typeof envSchema>

export interface Config extends Omit<Env, 'MAIL_FROM'> {
  MAIL_FROM: string
  sessionTtlSeconds: number
  dataDir: string
}

export class ConfigError extends Error {}

/** The origin links in e-mails start with: PUBLIC_URL without its trailing slash, else this server. */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/+$/, '')
}

/** Parses the environment; a bad value stops start-up with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''))
  const parsed = envSchema
    .refine((c) => (c.DKIM_PRIVATE_KEY === undefined) === (c.DKIM_SELECTOR === undefined), {
      path: ['DKIM_SELECTOR'],
      message: 'DKIM_PRIVATE_KEY and DKIM_SELECTOR go together: set both, or neither',
    })
    .safeParse(set)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return {
    ...parsed.data,
    MAIL_FROM: parsed.data.MAIL_FROM ?? defaultSender(parsed.data.PUBLIC_URL),
    DKIM_DOMAIN:
      parsed.data.DKIM_DOMAIN ?? senderDomain(parsed.data.MAIL_FROM ?? defaultSender(parsed.data.PUBLIC_URL)),
    sessionTtlSeconds: parseDurationSeconds(parsed.data.SESSION_TTL)!,
    dataDir: path.resolve(parsed.data.DATA_DIR),
  }
}
