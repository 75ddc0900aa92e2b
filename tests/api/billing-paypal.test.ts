// PayPal cancellation (ids starting I-) against a local PayPal-compatible server started by the test.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const CLIENT_ID = 'paypal-client'
const CLIENT_SECRET = 'paypal-secret'

interface PayPalDouble {
  apiBase: string
  statuses: Map<string, 'ACTIVE' | 'CANCELLED'>
  requests: Array<{ method: string; path: string; authorization: string; body: string }>
  close(): Promise<void>
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** PayPal's token and subscription-cancel endpoints, with its status codes and error shapes. */
async function startPayPalDouble(): Promise<PayPalDouble> {
  const statuses = new Map<string, 'ACTIVE' | 'CANCELLED'>()
  const requests: PayPalDouble['requests'] = []
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req)
    const path = req.url ?? '/'
    const authorization = req.headers.authorization ?? ''
    requests.push({ method: req.method ?? 'GET', path, authorization, body })
    const send = (status: number, json?: unknown) => {
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(json === undefined ? '' : JSON.stringify(json))
    }
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`
      if (authorization !== expected || body !== 'grant_type=client_credentials') {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      return send(200, { access_token: 'A21AAtoken', token_type: 'Bearer', expires_in: 32_400 })
    }
    const cancel = /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/.exec(path)
    if (req.method === 'POST' && cancel?.[1]) {
      if (authorization !== 'Bearer A21AAtoken') return send(401, { name: 'AUTHENTICATION_FAILURE' })
      const id = decodeURIComponent(cancel[1])
      const status = statuses.get(id)
      if (!status) {
        return send(404, {
          name: 'RESOURCE_NOT_FOUND',
          message: 'The specified resource does not exist.',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
        })
      }
      if (status === 'CANCELLED') {
        return send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          message: 'The requested action could not be performed.',
          details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }],
        })
      }
      statuses.set(id, 'CANCELLED')
      return send(204)
    }
    send(404, { name: 'NOT_FOUND' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiBase: `http://127.0.0.1:${port}`,
    statuses,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

let paypal: PayPalDouble

const t = suiteApp(
  async () => {
    paypal = await startPayPalDouble()
    return createTestApp({
      env: {
        PAYPAL_CLIENT_ID: CLIENT_ID,
        PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
        PAYPAL_API_BASE: paypal.apiBase,
      },
    })
  },
  async () => {
    await paypal?.close()
  },
)

/** A PayPal subscription on record for an owner (the app never sells through PayPal; older records may exist). */
async function paypalSubscriber(subscriptionId: string) {
  const owner = await t.signIn()
  const user = await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })
  await grantSubscription(t.db, owner.id, {
    email: user.email,
    endDate: new Date(Date.now() + 3 * 86_400_000),
    provider: 'paypal',
    status: 'active',
    providerSubscriptionId: subscriptionId,
  })
  paypal.statuses.set(subscriptionId, 'ACTIVE')
  return owner
}

async function cancel(id: string, token: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/paypal/subscription/${id}`,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

describe('PayPal cancellation', () => {
  it('cancels the owner’s I- subscription at PayPal with a client-credentials token, and ends access', async () => {
    const owner = await paypalSubscriber('I-BW452GLLEP1G')
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
    const response = await cancel('I-BW452GLLEP1G', owner.token)
    expect(response).toEqual({
      status: 200,
      body: { success: true, subscription_id: 'I-BW452GLLEP1G', status: 'canceled' },
    })
    expect(paypal.statuses.get('I-BW452GLLEP1G')).toBe('CANCELLED')
    const call = paypal.requests.find((r) => r.path === '/v1/billing/subscriptions/I-BW452GLLEP1G/cancel')
    expect(JSON.parse(call?.body ?? '{}')).toHaveProperty('reason')
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
  })

  it('goes to PayPal through DELETE /api/supabase/subscriptions/{id} too, and treats "already cancelled" as done', async () => {
    const owner = await paypalSubscriber('I-ALREADYGONE')
    paypal.statuses.set('I-ALREADYGONE', 'CANCELLED')
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/supabase/subscriptions/I-ALREADYGONE',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(response.statusCode).toBe(200)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(false)
  })

  it("answers 404 for another owner's PayPal subscription without calling PayPal", async () => {
    await paypalSubscriber('I-SOMEONEELSE')
    const intruder = await t.signIn()
    const before = paypal.requests.length
    expect((await cancel('I-SOMEONEELSE', intruder.token)).status).toBe(404)
    expect(paypal.requests.length).toBe(before)
    expect(paypal.statuses.get('I-SOMEONEELSE')).toBe('ACTIVE')
  })

  it('answers 404 when PayPal does not know the subscription, and keeps the record', async () => {
    const owner = await paypalSubscriber('I-UNKNOWNATPAYPAL')
    paypal.statuses.delete('I-UNKNOWNATPAYPAL')
    expect((await cancel('I-UNKNOWNATPAYPAL', owner.token)).status).toBe(404)
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
  })
})
