// Errors are data: every failure both surfaces report carries the catalogue's code beside its text,
// and the catalogue's status is the status answered.
import { TRPCClientError } from '@trpc/client'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { describe, expect, it } from 'vitest'
import { AppError, appError } from '../../server/errors.ts'
import { publicError, toTrpcError } from '../../server/public-error.ts'
import { ERROR_CATALOGUE, ERRORS, type ErrorCode } from '../../shared/errors.ts'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

describe('the catalogue', () => {
  it('answers each entry with its own status, text and code', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      const error = appError(code)
      // The domain's error knows nothing of tRPC; a procedure's caller gets it as a TRPCError of the
      // same status (every status tRPC has a code for; 431 is only ever answered before tRPC).
      expect(error).toBeInstanceOf(AppError)
      expect(error).not.toBeInstanceOf(TRPCError)
      if (ERROR_CATALOGUE[code].status !== 431)
        expect(getHTTPStatusCodeFromError(toTrpcError(error)), code).toBe(ERROR_CATALOGUE[code].status)
      const status = ERROR_CATALOGUE[code].status
      expect(publicError(error)).toStrictEqual({
        status,
        message: code === 'UNEXPECTED' ? ERRORS.unexpected : ERROR_CATALOGUE[code].message,
        code,
        // Without a known wait: a minute for a rate limit, two seconds for a busy server.
        ...(status === 429 ? { retryAfterSeconds: 60 } : status === 503 ? { retryAfterSeconds: 2 } : {}),
      })
    }
  })

  it('keeps a more precise text when one is given', () => {
    const error = new AppError('CARD_DECLINED', { message: 'Your card was declined. (card_declined)' })
    expect(publicError(error)).toMatchObject({ status: 402, code: 'CARD_DECLINED' })
    expect(publicError(error).message).toContain('card_declined')
  })
})

describe('REST answers {error, code}', () => {
  it('a missing token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/supabase/cats' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ error: ERRORS.notAuthenticated, code: 'NOT_AUTHENTICATED' })
  })

  it('invalid input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/signin-otp',
      payload: { email: 'nope' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe('INVALID_INPUT')
    expect(res.json().error).toContain('email')
  })

  it('a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/signin-otp',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ error: ERRORS.jsonOnly, code: 'JSON_ONLY' })
  })

  it('broken JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/signin-otp',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'Invalid JSON body', code: 'INVALID_INPUT' })
  })

  it("another owner's record", async () => {
    const owner = await t.signIn()
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/cats/999999',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(res.statusCode).toBe(404)
    expect(typeof res.json().code).toBe('string')
    expect(res.json().code).toMatch(/NOT_FOUND$/)
  })
})

describe('tRPC carries the same code', () => {
  it('in data.appCode over HTTP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/cat.list' })
    expect(res.statusCode).toBe(401)
    const body = res.json() as { error: { message: string; data: { code: string; appCode: string } } }
    expect(body.error.message).toBe(ERRORS.notAuthenticated)
    expect(body.error.data.appCode).toBe('NOT_AUTHENTICATED')
    expect(body.error.data.code).toBe('UNAUTHORIZED')
  })

  it('through createCaller (the procedure throws the catalogue entry)', async () => {
    const caller = await t.caller(null)
    const failure = await caller.cat.list().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TRPCError)
    expect(publicError(failure as TRPCError).code).toBe('NOT_AUTHENTICATED')
    expect(failure).not.toBeInstanceOf(TRPCClientError)
  })
})

describe('a card decline carries its code, and keeps the provider text', () => {
  // docs/product.md §3's subscribe payload with the demo provider's test cards
  // (docs/product.md §8's three decline codes).
  const subscribe = (paymentMethod: string) => ({
    fullName: 'Ada Lovelace',
    email: 'ada@example.com',
    country: 'US',
    state: 'CA',
    postalCode: '94105',
    paymentMethod,
    billingPeriod: 'Monthly' as const,
  })
  const declines = [
    ['pm_card_chargeDeclined', 'CARD_DECLINED', 'card_declined'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'INSUFFICIENT_FUNDS', 'insufficient_funds'],
    ['pm_card_chargeDeclinedExpiredCard', 'EXPIRED_CARD', 'expired_card'],
  ] as const

  it.each(declines)('REST: %s answers 402 {error, code: %s}', async (method, code, providerCode) => {
    const owner = await t.signIn()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/subscriptions',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: subscribe(method),
    })
    expect(res.statusCode).toBe(402)
    const body = res.json() as { error: string; code: string }
    expect(body.code).toBe(code)
    expect(body.error).toContain(providerCode)
  })

  it.each(declines)('tRPC over HTTP: %s carries data.appCode %s', async (method, code, providerCode) => {
    const owner = await t.signIn()
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/billing.subscribe',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: subscribe(method),
    })
    expect(res.statusCode).toBe(402)
    const body = res.json() as { error: { message: string; data: { code: string; appCode: string } } }
    expect(body.error.data.appCode).toBe(code)
    expect(body.error.data.code).toBe('PAYMENT_REQUIRED')
    expect(body.error.message).toContain(providerCode)
  })

  it('through createCaller the procedure throws the catalogue code', async () => {
    const owner = await t.signIn()
    const caller = await t.caller(owner.token)
    const failure = await caller.billing
      .subscribe(subscribe('pm_card_chargeDeclined'))
      .catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(TRPCError)
    expect((failure as TRPCError).code).toBe('PAYMENT_REQUIRED')
    expect((failure as TRPCError).cause).toBeInstanceOf(AppError)
    expect(((failure as TRPCError).cause as AppError).appCode).toBe('CARD_DECLINED')
  })
})

describe('no failure is coded by its text', () => {
  it('a plain TRPCError carrying a catalogue text is not given that entry’s code', () => {
    const plain = new TRPCError({ code: 'BAD_REQUEST', message: ERRORS.codeExpired })
    expect(publicError(plain).code).toBe('INVALID_INPUT')
    const fault = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: ERRORS.paymentFailed })
    expect(publicError(fault)).toEqual({ status: 500, message: ERRORS.unexpected, code: 'UNEXPECTED' })
  })
})
