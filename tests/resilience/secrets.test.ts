// Secrets: with every secret configured to a recognisable value (and every outside service a local
// double that really checks them), and an owner with a password, no key, secret, password or password
// hash appears in the client bundle built with those variables in the environment, in the server's logs
// (at trace level), or in any response of a walk over every REST row and tRPC procedure.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_DIR } from '../../server/paths.ts'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import { type StripeDouble, signWebhook, startStripeDouble } from '../doubles/stripe-server.ts'
import {
  fillPath,
  type ProcedureInfo,
  procedures,
  recordKind,
  restTable,
  sampleInput,
} from '../helpers/api-surface.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { grantSubscription } from '../helpers/subscribers.ts'
import { GENEROUS_ENV, generousLimits } from './helpers.ts'

/** Every secret carries this mark, so a partial or re-encoded copy is caught too. */
const MARK = `kcsecret${crypto.randomBytes(4).toString('hex')}`
const SECRETS = {
  JWT_SECRET: `${MARK}-jwt-signing-key-0123456789abcdef`,
  STRIPE_SECRET_KEY: `sk_test_${MARK}Stripe0123456789`,
  STRIPE_WEBHOOK_SECRET: `whsec_${MARK}Webhook0123456789`,
  OPENAI_API_KEY: `sk-proj-${MARK}-openai-0123456789`,
  PAYPAL_CLIENT_SECRET: `${MARK}-paypal-client-secret`,
  SMTP_PASSWORD: `${MARK}-smtp-password`,
}
const PASSWORD = `Correct-Horse-${MARK}-Battery`
const SMTP_USER = 'kitty-mailer'
const PAYPAL_CLIENT_ID = 'kitty-paypal-client'

let t: TestApp
let stripe: StripeDouble
let openai: OpenAiDouble
let smtp: { server: SMTPServer; port: number; logins: string[] }
let paypal: { server: Server; base: string; authorizations: string[] }
let clientDir: string
let owner: { id: number; token: string; email: string }
/** The owner's password hash, and its salt and key parts. */
let hashParts: string[] = []
const responses: Array<{ label: string; text: string }> = []

function startSmtp(): Promise<typeof smtp> {
  const logins: string[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '')
      if (auth.username === SMTP_USER && auth.password === SECRETS.SMTP_PASSWORD)
        return callback(null, { user: SMTP_USER })
      return callback(new Error('Invalid username or password'))
    },
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => callback())
    },
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port, logins }),
    ),
  )
}

/** PayPal's token and cancel endpoints, checking the client secret as PayPal does. */
function startPayPal(): Promise<typeof paypal> {
  const authorizations: string[] = []
  const expected = `Basic ${Buffer.from(`${PAYPAL_CLIENT_ID}:${SECRETS.PAYPAL_CLIENT_SECRET}`).toString('base64')}`
  const server = createServer((req: IncomingMessage, res) => {
    req.resume()
    req.on('end', () => {
      authorizations.push(req.headers.authorization ?? '')
      const json = (status: number, body?: unknown) =>
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(body === undefined ? '' : JSON.stringify(body))
      if (req.url === '/v1/oauth2/token') {
        return req.headers.authorization === expected
          ? json(200, { access_token: 'A21AApaypal', token_type: 'Bearer', expires_in: 32_400 })
          : json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      if (/\/v1\/billing\/subscriptions\/[^/]+\/cancel$/.test(req.url ?? '')) return json(204)
      return json(404, { name: 'RESOURCE_NOT_FOUND' })
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, authorizations }),
    ),
  )
}

/** The production client, built with every secret in the environment (as a careless CI would have it). */
function buildClient(env: Record<string, string>): string {
  const outDir = path.join(
    ROOT_DIR,
    'tests/.artifacts',
    `client-secrets-${crypto.randomBytes(4).toString('hex')}`,
  )
  execFileSync(
    process.execPath,
    [path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
    { stdio: 'pipe', cwd: ROOT_DIR, env: { ...process.env, ...env, NODE_ENV: 'production' } },
  )
  return outDir
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/** Which secret (by name) a text contains, in plain text, URL-encoded or base64. */
function leaks(text: string): string[] {
  const found: string[] = []
  const needles: Record<string, string> = {
    ...SECRETS,
    password: PASSWORD,
    mark: MARK,
    ...Object.fromEntries(hashParts.map((part, i) => [`passwordHash[${i}]`, part])),
  }
  for (const [name, value] of Object.entries(needles)) {
    if (!value) continue
    const forms = [value, encodeURIComponent(value), Buffer.from(value).toString('base64').slice(0, 24)]
    if (forms.some((form) => text.includes(form))) found.push(name)
  }
  return found
}

function keep(label: string, res: LightMyRequestResponse) {
  responses.push({ label, text: `${JSON.stringify(res.headers)}\n${res.body}` })
}

beforeAll(async () => {
  stripe = await startStripeDouble()
  openai = await startOpenAiDouble()
  smtp = await startSmtp()
  paypal = await startPayPal()
  const env = {
    ...GENEROUS_ENV,
    LOG_LEVEL: 'trace',
    JWT_SECRET: SECRETS.JWT_SECRET,
    STRIPE_SECRET_KEY: SECRETS.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_public_key_may_be_shown',
    STRIPE_WEBHOOK_SECRET: SECRETS.STRIPE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.apiBase,
    OPENAI_API_KEY: SECRETS.OPENAI_API_KEY,
    OPENAI_BASE_URL: openai.url,
    PAYPAL_CLIENT_ID,
    PAYPAL_CLIENT_SECRET: SECRETS.PAYPAL_CLIENT_SECRET,
    PAYPAL_API_BASE: paypal.base,
    SMTP_URL: `smtp://${SMTP_USER}:${encodeURIComponent(SECRETS.SMTP_PASSWORD)}@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Kitty Care <no-reply@kittycare.local>',
  }
  clientDir = buildClient(env)
  t = await createTestApp({ env, overrides: { limits: generousLimits() }, clientDir })

  // An owner who signed up with a password, through the REST row.
  const email = `secret-owner-${crypto.randomBytes(4).toString('hex')}@example.com`
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/signup-passwordless',
    payload: { email, full_name: 'Secret Owner', password: PASSWORD },
  })
  keep('signup', signup)
  const user = await t.db.user.findUniqueOrThrow({ where: { email } })
  if (!user.passwordHash) throw new Error('signup stored no password hash')
  const parts = user.passwordHash.split('$')
  hashParts = [user.passwordHash, ...parts.filter((part) => part.length >= 16)]
  // A session that proved the address, as after a code sign-in: the sweep's own code sign-ins for this
  // address end every unproven session, which would leave the owner's later calls a 401.
  owner = {
    id: user.id,
    email,
    token: (await t.services.tokens.issue({ ...user, emailVerified: true })).token,
  }
}, 300_000)

afterAll(async () => {
  await t?.close()
  await stripe?.close()
  await openai?.close()
  await new Promise((resolve) => smtp?.server.close(() => resolve(null)))
  await new Promise((resolve) => paypal?.server.close(() => resolve(null)))
  if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true })
})

describe('no secret leaves the server', () => {
  it('walks every REST row and tRPC procedure: as the owner, anonymously and with a forged token', async () => {
    const headersFor = (token: string | null): Record<string, string> =>
      token ? { authorization: `Bearer ${token}` } : {}
    const api = await t.caller(owner.token)

    // The owner's records, made through the procedures: a subscription (Stripe double), a cat, a
    // conversation with a reply (OpenAI double), an interview, and a PayPal subscription row.
    const checkout = await api.billing.checkout({ ...CARD_CHECKOUT, checkoutKey: crypto.randomUUID() })
    const cat = await api.cat.create({ name: 'Mochi', breed: 'Siamese', age: 3 })
    const conversation = await api.conversation.create({ session_id: 'secret-session-0001' })
    const interview = await api.interview.create({ session_id: 'secret-session-0001' })
    const paypalId = `I-${crypto.randomBytes(6).toString('hex').toUpperCase()}`
    await grantSubscription(t.db, owner.id, {
      email: owner.email,
      provider: 'paypal',
      providerSubscriptionId: paypalId,
    })
    const own: Record<string, unknown> = {
      catId: cat.id,
      conversationId: conversation.id,
      interviewId: interview.id,
      subscriptionId: checkout.subscriptionId,
    }
    const idFor = (procedure: ProcedureInfo) => {
      const kind = recordKind(procedure.path, 'id')
      return kind === 'subscription'
        ? procedure.path.endsWith('Paypal')
          ? paypalId
          : checkout.subscriptionId
        : kind
          ? own[`${kind}Id`]
          : undefined
    }
    const ctx = (procedure: ProcedureInfo) => ({
      sessionId: 'secret-session-0001',
      email: owner.email,
      password: PASSWORD,
      ids: { ...own, ...(idFor(procedure) === undefined ? {} : { id: idFor(procedure) }) },
    })

    const procs = procedures()
    for (const procedure of procs) {
      const { input } = await sampleInput(procedure, ctx(procedure))
      for (const token of [owner.token, null, `${owner.token.slice(0, -4)}AAAA`]) {
        const url = `/trpc/${procedure.path}`
        const res =
          procedure.type === 'query'
            ? await t.app.inject({
                method: 'GET',
                url: input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
                headers: headersFor(token),
              })
            : await t.app.inject({
                method: 'POST',
                url,
                headers: { ...headersFor(token), 'content-type': 'application/json' },
                payload: JSON.stringify(input ?? {}),
              })
        keep(`${procedure.type} ${procedure.path}`, res)
      }
    }
    for (const row of await restTable()) {
      const procedure = procs.find((p) => p.path === row.procedure)
      const input: Record<string, unknown> = procedure
        ? { ...(await sampleInput(procedure, ctx(procedure))).input }
        : {}
      const params: Record<string, string> = {}
      for (const [field, param] of Object.entries(row.paramFields)) {
        params[param] = String(input[field] ?? '')
        delete input[field]
      }
      for (const token of [owner.token, null]) {
        const res = await t.app.inject({
          method: row.method,
          url: fillPath(row.path, params),
          headers: {
            ...headersFor(token),
            ...(row.method === 'GET' ? {} : { 'content-type': 'application/json' }),
          },
          ...(row.method === 'GET' ? {} : { payload: JSON.stringify(input) }),
        })
        keep(`${row.method} ${row.path}`, res)
      }
    }

    // The paths where secrets are used: password sign-in (right and wrong), a login code by SMTP, a
    // signed and a forged Stripe webhook, and OpenAI refusing the key (it echoes the key back).
    const rest = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers })
    keep('signin', await rest('/api/supabase/signin', { email: owner.email, password: PASSWORD }))
    keep('signin wrong', await rest('/api/supabase/signin', { email: owner.email, password: `${PASSWORD}x` }))
    keep('signin-otp', await rest('/api/supabase/signin-otp', { email: owner.email }))
    const event = JSON.stringify({
      id: `evt_${MARK.slice(-6)}`,
      type: 'customer.subscription.updated',
      data: { object: { id: checkout.subscriptionId, status: 'active' } },
    })
    const signed = signWebhook(event, SECRETS.STRIPE_WEBHOOK_SECRET)
    for (const signature of [signed, signWebhook(event, 'whsec_wrong')]) {
      keep(
        'webhook',
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
          payload: event,
        }),
      )
    }
    openai.setNext({ status: 401 }, 6)
    keep(
      'chat, key refused upstream',
      await rest(
        '/api/openai/chat',
        { conversationId: conversation.id, messages: [{ role: 'user', content: 'Hello?', id: 'refused-1' }] },
        headersFor(owner.token),
      ),
    )
    keep(
      'interview, key refused upstream',
      await rest('/api/openai/interview', { field: 'cat_name', messages: [] }, headersFor(owner.token)),
    )
    keep(
      'recommendations, key refused upstream',
      await rest('/api/openai/recommendations', { name: 'Mochi' }),
    )
    stripe.failNext(500, 4)
    keep(
      'checkout, Stripe failing',
      await rest(
        '/api/supabase/subscriptions',
        {
          fullName: 'S',
          country: 'GB',
          state: 'LND',
          postalCode: 'X',
          paymentMethod: 'pm_card_visa',
          billingPeriod: 'Monthly',
          checkoutKey: crypto.randomUUID(),
        },
        headersFor(owner.token),
      ),
    )
    // The PayPal cancellation itself: the sweep reached it through account deletion, which now needs a
    // fresh mailed code, and its logout ended the owner's session; a new sign-in cancels.
    const again = await t.services.tokens.issue({
      id: owner.id,
      email: owner.email,
      firstName: '',
      fullName: 'Secret Owner',
      emailVerified: true,
    })
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/paypal/subscription/${paypalId}`,
      headers: headersFor(again.token),
    })
    keep('PayPal cancellation', cancelled)
    expect(cancelled.statusCode).toBe(200)
    keep('index.html', await t.app.inject({ method: 'GET', url: '/' }))
    keep('a client route', await t.app.inject({ method: 'GET', url: '/cat-profile' }))

    // The secrets were really in use: each double saw them.
    // (The Stripe double answers only requests that carry an sk_ key.)
    expect(stripe.requests.some((r) => r.status === 200)).toBe(true)
    expect(
      openai.requests.some((r) => String(r.headers.authorization).includes(SECRETS.OPENAI_API_KEY)),
    ).toBe(true)
    expect(paypal.authorizations.some((a) => a.startsWith('Basic '))).toBe(true)
    expect(smtp.logins).toContain(SMTP_USER)

    const leaked = responses.flatMap((r) => leaks(r.text).map((name) => `${r.label}: ${name}`))
    console.info(`secrets: ${responses.length} responses scanned`)
    expect([...new Set(leaked)]).toEqual([])
  }, 120_000)

  it('the server logs (trace level) name no secret', () => {
    const leaked = t.logs.flatMap((line) => leaks(line).map((name) => `${name} in: ${line.slice(0, 240)}`))
    console.info(`secrets: ${t.logs.length} log lines scanned`)
    expect(leaked).toEqual([])
  })

  it('the client bundle built with every secret in the environment contains none', () => {
    const files = filesUnder(clientDir)
    expect(files.some((file) => file.endsWith('.js'))).toBe(true)
    const leaked = files.flatMap((file) => {
      const text = fs.readFileSync(file).toString('latin1')
      return leaks(text).map((name) => `${path.relative(clientDir, file)}: ${name}`)
    })
    console.info(`secrets: ${files.length} bundle files scanned`)
    expect(leaked).toEqual([])
  })
})
