// One contract for a code asked again too soon, whichever code it is (sign-in, password, account
// data): the catalogue's RESEND_TOO_SOON carrying the real wait as data: `data.retryAfterSeconds` on
// tRPC, `retry_after_seconds` in REST's `{error, code}` body beside the Retry-After header. Clients decide
// by that number, never by the text.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../server/errors.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { postRest, postTrpc } from '../helpers/app.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { trpcFailure } from '../helpers/trpc-errors.ts'

const t = suiteGenerousApp()

/** The catalogue error a createCaller call failed with. */
async function appFailure(call: Promise<unknown>): Promise<AppError> {
  const failure = await trpcFailure(call)
  expect(failure.cause).toBeInstanceOf(AppError)
  return failure.cause as AppError
}

describe('a code asked again too soon', () => {
  it('is RESEND_TOO_SOON with the wait, for the sign-in code (createCaller)', async () => {
    const caller = await t.caller()
    const email = freshAddress()
    await caller.auth.signinOtp({ email })
    const error = await appFailure(caller.auth.signinOtp({ email }))
    expect(error.appCode).toBe('RESEND_TOO_SOON')
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(29)
  })

  it('is the same error for the password code and the account-data code (createCaller)', async () => {
    const owner = await t.signIn(freshAddress())
    const caller = await t.caller(owner.token)
    await caller.auth.sendPasswordCode()
    const password = await appFailure(caller.auth.sendPasswordCode())
    expect(password.appCode).toBe('RESEND_TOO_SOON')
    expect(password.retryAfterSeconds).toBeGreaterThanOrEqual(29)

    // Both are step-up codes of one key: the wait spans them.
    const data = await appFailure(caller.account.sendVerificationCode())
    expect(data.appCode).toBe('RESEND_TOO_SOON')
    expect(data.retryAfterSeconds).toBeGreaterThanOrEqual(29)
  })

  it('carries the wait in the tRPC error data', async () => {
    const owner = await t.signIn(freshAddress())
    expect((await postTrpc(t, 'auth.sendPasswordCode', {}, owner.token)).statusCode).toBe(200)
    const again = await postTrpc(t, 'auth.sendPasswordCode', {}, owner.token)
    expect(again.statusCode).toBe(429)
    const { data } = again.json().error
    expect(data.appCode).toBe('RESEND_TOO_SOON')
    expect(data.retryAfterSeconds).toBeGreaterThanOrEqual(29)
    expect(data.retryAfterSeconds).toBeLessThanOrEqual(30)
    expect(again.headers['retry-after']).toBe(String(data.retryAfterSeconds))
  })

  it('carries the wait in the REST error body, beside Retry-After', async () => {
    const email = freshAddress()
    expect((await postRest(t, '/api/supabase/signin-otp', { email })).status).toBe(200)
    const again = await postRest(t, '/api/supabase/signin-otp', { email })
    expect(again.status).toBe(429)
    expect(again.body).toMatchObject({ code: 'RESEND_TOO_SOON', retry_after_seconds: 30 })
    expect(again.headers['retry-after']).toBe('30')

    const owner = await t.signIn(freshAddress())
    const step = () => postRest(t, '/api/supabase/account/verification-code', {}, { token: owner.token })
    expect((await step()).status).toBe(200)
    expect((await step()).body).toMatchObject({ code: 'RESEND_TOO_SOON', retry_after_seconds: 30 })
  })
})
