/**
 * A local Stripe-compatible API for tests: the real `stripe` SDK talks to it over HTTP (host, port and
 * protocol from `apiBase`). It answers the few endpoints the payment flow uses with Stripe's object and
 * error shapes, honours Idempotency-Key the way Stripe does, and declines the documented test payment
 * methods like Stripe's test mode.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormBody = { [key: string]: FormValue }

export interface RecordedRequest {
  method: string
  path: string
  body: FormBody
  idempotencyKey: string | null
  status: number
  /** True when the answer was a stored idempotent response and nothing new was created. */
  replayed: boolean
}

export interface DoubleCustomer {
  id: string
  object: 'customer'
  created: number
  name: string | null
  email: string | null
  livemode: false
  metadata: Record<string, string>
  invoice_settings: { default_payment_method: string | null }
}

export interface DoublePaymentIntent {
  id: string
  object: 'payment_intent'
  created: number
  amount: number
  currency: string
  customer: string | null
  payment_method: string | null
  status: string
  client_secret: string
  livemode: false
  metadata: Record<string, string>
  last_payment_error: { code: string; decline_code?: string; message: string } | null
}

export interface DoubleSubscription {
  id: string
  object: 'subscription'
  created: number
  customer: string
  status: string
  start_date: number
  trial_start: number | null
  trial_end: number | null
  cancel_at_period_end: boolean
  canceled_at: number | null
  ended_at: number | null
  default_payment_method: string | null
  livemode: false
  metadata: Record<string, string>
  items: {
    object: 'list'
    has_more: false
    url: string
    data: Array<{
      id: string
      object: 'subscription_item'
      subscription: string
      quantity: number
      price: { id: string; object: 'price' }
      current_period_start: number
      current_period_end: number
    }>
  }
}

export interface StripeDouble {
  apiBase: string
  requests: RecordedRequest[]
  objects: {
    customers: Map<string, DoubleCustomer>
    paymentIntents: Map<string, DoublePaymentIntent>
    subscriptions: Map<string, DoubleSubscription>
  }
  /**
   * The physical card behind each test payment method, as `card.fingerprint` on GET
   * /v1/payment_methods/{id}. Stripe gives one card one fingerprint; the test tokens are shared by every
   * test owner here, so a token without an entry gets a fingerprint of its own on each retrieval (as if
   * each owner brought a different card). A test that means one card sets it.
   */
  cardFingerprints: Map<string, string>
  setSubscriptionStatus(id: string, status: string): void
  /** The next `times` requests (default 1) answer `status` (default 500) with an api_error. */
  failNext(status?: number, times?: number): void
  /** Every answer from now on waits `ms` first (a slow provider); 0 ends it. */
  setLatency(ms: number): void
  close(): Promise<void>
}

/** Stripe-Signature header for `payload`, as Stripe computes it; pass an old `timestamp` to test replay protection. */
export function signWebhook(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

/** What charging each documented test payment method does in Stripe's test mode (null = succeeds). */
const TEST_PAYMENT_METHODS = new Map<string, { code: string; decline_code: string; message: string } | null>([
  ['pm_card_visa', null],
  ['pm_card_mastercard', null],
  [
    'pm_card_chargeDeclined',
    { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  ],
  [
    'pm_card_chargeDeclinedInsufficientFunds',
    {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  ],
  [
    'pm_card_chargeDeclinedExpiredCard',
    { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
  ],
])

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: Record<string, unknown>,
  ) {
    super(String(error.message))
  }
}

function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(400, { type: 'invalid_request_error', message, param, code })
}

function noSuch(kind: string, id: string, param?: string, status = 400): ApiError {
  return new ApiError(status, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  })
}

const now = () => Math.floor(Date.now() / 1000)
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`

interface StoredResponse {
  method: string
  path: string
  rawBody: string
  status: number
  body: unknown
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const customers = new Map<string, DoubleCustomer>()
  const paymentIntents = new Map<string, DoublePaymentIntent>()
  const subscriptions = new Map<string, DoubleSubscription>()
  /** Payment methods attached to each customer; Stripe refuses a default_payment_method that is not attached. */
  const attached = new Map<string, Set<string>>()
  const idempotent = new Map<string, StoredResponse>()
  const cardFingerprints = new Map<string, string>()
  const requests: RecordedRequest[] = []
  const failures = { status: 500, remaining: 0 }
  let latencyMs = 0

  function createCustomer(body: FormBody): DoubleCustomer {
    const paymentMethod = optionalString(body, 'payment_method')
    if (paymentMethod !== null && !TEST_PAYMENT_METHODS.has(paymentMethod)) {
      throw noSuch('PaymentMethod', paymentMethod, 'payment_method')
    }
    const settings = body.invoice_settings
    const defaultMethod = isObject(settings) ? optionalString(settings, 'default_payment_method') : null
    if (defaultMethod !== null && defaultMethod !== paymentMethod) {
      throw invalid(
        `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
        'invoice_settings[default_payment_method]',
      )
    }
    const customer: DoubleCustomer = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      name: optionalString(body, 'name'),
      email: optionalString(body, 'email'),
      livemode: false,
      metadata: {},
      invoice_settings: { default_payment_method: defaultMethod },
    }
    customers.set(customer.id, customer)
    attached.set(customer.id, new Set(paymentMethod === null ? [] : [paymentMethod]))
    return customer
  }

  function createPaymentIntent(body: FormBody): { status: number; body: unknown } {
    const amount = Number(optionalString(body, 'amount'))
    if (!Number.isInteger(amount) || amount <= 0) {
      throw invalid(
        `Invalid integer: ${optionalString(body, 'amount')}`,
        'amount',
        'parameter_invalid_integer',
      )
    }
    const currency = optionalString(body, 'currency')
    if (!currency) throw invalid('Missing required param: currency.', 'currency', 'parameter_missing')
    if (currency === 'usd' && amount < 50) {
      throw invalid('Amount must be at least $0.50 usd', 'amount', 'amount_too_small')
    }
    const customer = optionalString(body, 'customer')
    if (customer !== null && !customers.has(customer)) throw noSuch('customer', customer, 'customer')
    const paymentMethod = optionalString(body, 'payment_method')
    if (paymentMethod !== null && !TEST_PAYMENT_METHODS.has(paymentMethod)) {
      throw noSuch('PaymentMethod', paymentMethod, 'payment_method')
    }
    const confirm = optionalString(body, 'confirm') === 'true'
    if (confirm && paymentMethod === null) {
      throw invalid(
        'You cannot confirm this PaymentIntent because it’s missing a payment method.',
        undefined,
        'payment_intent_unexpected_state',
      )
    }
    const automatic = body.automatic_payment_methods
    const redirectsRefused =
      optionalString(body, 'off_session') === 'true' ||
      optionalString(body, 'return_url') !== null ||
      body.payment_method_types !== undefined ||
      (isObject(automatic) && optionalString(automatic, 'allow_redirects') === 'never')
    // Since API 2023-08-16 automatic payment methods are on by default and may redirect the owner.
    if (confirm && !redirectsRefused) {
      throw invalid(
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don’t want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.',
      )
    }
    const id = newId('pi')
    const decline = paymentMethod === null ? null : (TEST_PAYMENT_METHODS.get(paymentMethod) ?? null)
    const intent: DoublePaymentIntent = {
      id,
      object: 'payment_intent',
      created: now(),
      amount,
      currency,
      customer,
      payment_method: paymentMethod,
      status: !confirm ? 'requires_confirmation' : decline ? 'requires_payment_method' : 'succeeded',
      client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      livemode: false,
      metadata: {},
      last_payment_error: decline,
    }
    paymentIntents.set(id, intent)
    if (!confirm || !decline) return { status: 200, body: intent }
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          ...decline,
          charge: newId('ch'),
          doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
          payment_intent: intent,
          payment_method: { id: paymentMethod, object: 'payment_method', type: 'card' },
          request_log_url: `https://dashboard.stripe.com/test/logs/${newId('req')}`,
        },
      },
    }
  }

  function createSubscription(body: FormBody): DoubleSubscription {
    const customer = optionalString(body, 'customer')
    if (customer === null) throw invalid('Missing required param: customer.', 'customer', 'parameter_missing')
    if (!customers.has(customer)) throw noSuch('customer', customer, 'customer')
    const items = body.items
    const first = Array.isArray(items) ? items[0] : undefined
    const price = isObject(first) ? optionalString(first, 'price') : null
    if (price === null)
      throw invalid('Missing required param: items[0][price].', 'items', 'parameter_missing')
    if (!price.startsWith('price_')) throw noSuch('price', price, 'items[0][price]')
    const defaultMethod = optionalString(body, 'default_payment_method')
    if (defaultMethod !== null && !attached.get(customer)?.has(defaultMethod)) {
      throw invalid(
        `The customer does not have a payment method with the ID ${defaultMethod}. The payment method must be attached to the customer.`,
        'default_payment_method',
      )
    }
    const start = now()
    const trialParam = optionalString(body, 'trial_end')
    const trialEnd = trialParam === null || trialParam === 'now' ? null : Number(trialParam)
    if (trialEnd !== null && (!Number.isInteger(trialEnd) || trialEnd <= start)) {
      throw invalid(
        'Invalid timestamp: must be an integer Unix timestamp in the future.',
        'trial_end',
        'parameter_invalid_integer',
      )
    }
    const id = newId('sub')
    const subscription: DoubleSubscription = {
      id,
      object: 'subscription',
      created: start,
      customer,
      status: trialEnd === null ? 'active' : 'trialing',
      start_date: start,
      trial_start: trialEnd === null ? null : start,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      default_payment_method: defaultMethod,
      livemode: false,
      metadata: {},
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            subscription: id,
            quantity: 1,
            price: { id: price, object: 'price' },
            current_period_start: start,
            current_period_end: trialEnd ?? start + 30 * 86_400,
          },
        ],
      },
    }
    subscriptions.set(id, subscription)
    return subscription
  }

  function findSubscription(id: string): DoubleSubscription {
    const subscription = subscriptions.get(id)
    if (!subscription) throw noSuch('subscription', id, undefined, 404)
    return subscription
  }

  function cancelSubscription(id: string): DoubleSubscription {
    const subscription = findSubscription(id)
    // Stripe treats a cancelled subscription as gone for cancellation, while retrieve still shows it.
    if (subscription.status === 'canceled') throw noSuch('subscription', id, undefined, 404)
    subscription.status = 'canceled'
    subscription.canceled_at = now()
    subscription.ended_at = subscription.canceled_at
    return subscription
  }

  function retrievePaymentMethod(id: string) {
    if (!TEST_PAYMENT_METHODS.has(id)) throw noSuch('PaymentMethod', id, undefined, 404)
    const brand = id === 'pm_card_mastercard' ? 'mastercard' : 'visa'
    return {
      id,
      object: 'payment_method',
      type: 'card',
      livemode: false,
      card: {
        brand,
        last4: brand === 'mastercard' ? '4444' : '4242',
        fingerprint: cardFingerprints.get(id) ?? newId('fp'),
      },
    }
  }

  function route(method: string, path: string, body: FormBody): { status: number; body: unknown } {
    const paymentMethodId = /^\/v1\/payment_methods\/([^/]+)$/.exec(path)?.[1]
    if (paymentMethodId && method === 'GET')
      return { status: 200, body: retrievePaymentMethod(paymentMethodId) }
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: createCustomer(body) }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body)
    if (method === 'POST' && path === '/v1/subscriptions')
      return { status: 200, body: createSubscription(body) }
    const subscriptionId = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1]
    if (subscriptionId && method === 'GET') return { status: 200, body: findSubscription(subscriptionId) }
    if (subscriptionId && method === 'DELETE')
      return { status: 200, body: cancelSubscription(subscriptionId) }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    })
  }

  function respond(
    req: IncomingMessage,
    rawBody: string,
  ): { status: number; body: unknown; replayed: boolean } {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://double').pathname
    const key = header(req, 'idempotency-key')

    if (!header(req, 'authorization')?.startsWith('Bearer sk_')) {
      const error = { type: 'invalid_request_error', message: 'Invalid API Key provided.' }
      return { status: 401, body: { error }, replayed: false }
    }
    if (failures.remaining > 0) {
      failures.remaining -= 1
      const error = { type: 'api_error', message: 'Simulated failure from the Stripe test double.' }
      return { status: failures.status, body: { error }, replayed: false }
    }
    // Stripe only honours keys on POST; GET and DELETE are idempotent by nature.
    const stored = method === 'POST' && key ? idempotent.get(key) : undefined
    if (stored) {
      if (stored.method !== method || stored.path !== path || stored.rawBody !== rawBody) {
        const error = {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }
        return { status: 400, body: { error }, replayed: false }
      }
      return { status: stored.status, body: stored.body, replayed: true }
    }
    let result: { status: number; body: unknown }
    try {
      result = route(method, path, parseForm(rawBody))
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      result = { status: error.status, body: { error: error.error } }
    }
    if (method === 'POST' && key) idempotent.set(key, { method, path, rawBody, ...result })
    return { ...result, replayed: false }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readBody(req)
    const url = new URL(req.url ?? '/', 'http://double')
    // GET and DELETE carry their parameters in the query string.
    const form = rawBody || url.search.slice(1)
    const result = respond(req, rawBody)
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      body: parseForm(form),
      idempotencyKey: header(req, 'idempotency-key') ?? null,
      status: result.status,
      replayed: result.replayed,
    })
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'request-id': newId('req'),
      'stripe-version': header(req, 'stripe-version') ?? '2026-10-28.endive',
    }
    if (result.replayed) headers['idempotent-replayed'] = 'true'
    // An injected failure must be retried by the SDK like a real outage, and must not be replayed later.
    if (result.status >= 500) headers['stripe-should-retry'] = 'true'
    if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs))
    res.writeHead(result.status, headers).end(JSON.stringify(result.body))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    apiBase: `http://127.0.0.1:${port}`,
    requests,
    objects: { customers, paymentIntents, subscriptions },
    cardFingerprints,
    setSubscriptionStatus(id, status) {
      const subscription = subscriptions.get(id)
      if (!subscription) throw new Error(`Stripe double: no subscription ${id}`)
      subscription.status = status
    },
    failNext(status = 500, times = 1) {
      failures.status = status
      failures.remaining = times
    },
    setLatency(ms) {
      latencyMs = ms
    },
    close() {
      return new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        // The SDK keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections()
      })
    },
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value[0] : value
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function isObject(value: FormValue | undefined): value is { [key: string]: FormValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function optionalString(body: { [key: string]: FormValue }, key: string): string | null {
  const value = body[key]
  return typeof value === 'string' ? value : null
}

const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Stripe's form encoding: `items[0][price]=x`, `invoice_settings[default_payment_method]=y`, `expand[]=z`. */
export function parseForm(raw: string): FormBody {
  type Node = { [key: string]: Node | string }
  const root: Node = {}
  for (const [key, value] of new URLSearchParams(raw)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
    if (!match?.[1]) continue
    const segments = [match[1], ...Array.from((match[2] ?? '').matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? '')]
    if (segments.some((segment) => UNSAFE_KEYS.has(segment))) continue
    let node = root
    for (const [index, segment] of segments.entries()) {
      const name = segment === '' ? String(Object.keys(node).length) : segment
      if (index === segments.length - 1) {
        node[name] = value
        break
      }
      const child = node[name]
      if (typeof child === 'object') {
        node = child
      } else {
        const created: Node = {}
        node[name] = created
        node = created
      }
    }
  }
  const body = toFormValue(root)
  return isObject(body) ? body : {}
}

/** Objects whose keys are all indices become arrays, as Stripe reads them. */
function toFormValue(node: { [key: string]: unknown } | string): FormValue {
  if (typeof node === 'string') return node
  const keys = Object.keys(node)
  const entries = keys.map(
    (key) => [key, toFormValue(node[key] as { [key: string]: unknown } | string)] as const,
  )
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value)
  }
  return Object.fromEntries(entries)
}
