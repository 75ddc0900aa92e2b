// Errors are data: every failure both surfaces report carries the catalogue's code beside its text,
// and the catalogue's status is the status answered.
import { TRPCClientError } from '@trpc/client'
import { TRPCError } from '@trpc/server'
import { getHTTPStatusCodeFromError } from '@trpc/server/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError, appError, publicError } from '../../server/errors.ts'
import { ERROR_CATALOGUE, ERRORS, type ErrorCode } from '../../shared/errors.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('the catalogue', () => {
  it('answers each entry with its own status, text and code', () => {
    for (const code of Object.keys(ERROR_CATALOGUE) as ErrorCode[]) {
      const error = appError(code)
      expect(error).toBeInstanceOf(TRPCError)
      expect(getHTTPStatusCodeFromError(error), code).toBe(ERROR_CATALOGUE[code].status)
      expect(publicError(error)).toEqual({
        status: ERROR_CATALOGUE[code].status,
        message: code === 'UNEXPECTED' ? ERRORS.unexpected : ERROR_CATALOGUE[code].message,
        code,
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
