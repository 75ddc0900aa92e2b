// The owner who signs up in the onboarding and pays proves the address in the same flow: the thank-you
// asks for the code mailed to it (docs/decisions.md "Accounts"), sent with the sign-up session's token.
// What that session made (the cat, the vet's share link, the review consent) is the prover's own and
// stays; a later code sign-in from another browser is not a first proof and takes nothing. A first proof
// from anywhere else still treats what the account held as possibly someone else's (proof-leftovers).
import { describe, expect, it } from 'vitest'
import { freshAddress } from '../helpers/addresses.ts'
import { postRest } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { mailedCode, signInWithMailedCode } from '../helpers/mailed-codes.ts'

const t = suiteGenerousApp()

function call(method: string, url: string, token: string, payload?: object) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })
}

/** The onboarding's account: sign-up, the cat, a paid checkout and a share link for the vet. */
async function ownerSignsUpAndPays(email: string) {
  const signUp = await postRest(t, '/api/supabase/signup-passwordless', { email, full_name: 'Ada Lovelace' })
  expect(signUp.status).toBe(200)
  const token = signUp.body.token as string
  const cat = await call('POST', '/api/supabase/cats', token, { cat_name: 'Mochi', gender: 'Male' })
  expect(cat.statusCode).toBe(200)
  const api = await t.caller(token)
  await api.billing.checkout({ ...CARD_CHECKOUT, checkoutKey: `flow-${Date.now()}` })
  await api.account.setReviewConsent({ review_consent: true })
  const share = await call('POST', '/api/care/report/share', token, {})
  expect(share.statusCode).toBe(200)
  const url = new URL(share.json().url as string)
  return { token, catId: cat.json().id as number, sharePath: url.pathname + url.search }
}

/** The code mailed to `email`, verified over REST with `token` (or none) as the bearer. */
async function verifyWith(email: string, token: string | null) {
  await t.db.otpCode.deleteMany({ where: { email } })
  expect((await postRest(t, '/api/supabase/signin-otp', { email })).status).toBe(200)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/verify-otp',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { email, token: mailedCode(t.logs, email), type: 'email' },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as { session: { access_token: string } }
}

describe('the address proved in the onboarding flow', () => {
  it('keeps everything the sign-up session made, and a later code sign-in elsewhere is no first proof', async () => {
    const email = freshAddress('payer')
    const { token, catId, sharePath } = await ownerSignsUpAndPays(email)

    const proved = await verifyWith(email, token)
    const api = await t.caller(proved.session.access_token)
    const state = await api.account.state()
    expect(state.heldBeforeProof).toBeNull()
    expect(state.catId).toBe(catId)
    expect((await t.app.inject({ method: 'GET', url: sharePath })).statusCode).toBe(200)
    expect(await api.account.reviewConsent()).toEqual({ review_consent: true })
    // The sign-up session itself ends: the browser goes on with the verified one it was given.
    expect((await call('GET', '/api/supabase/cats', token)).statusCode).toBe(401)

    // Another browser, days later: nothing to review, the vet's link still opens, the plan still runs.
    const later = await signInWithMailedCode(t, email)
    const again = await t.caller(later.session.access_token)
    expect((await again.account.state()).heldBeforeProof).toBeNull()
    expect((await t.app.inject({ method: 'GET', url: sharePath })).statusCode).toBe(200)
    expect(await again.billing.status()).toMatchObject({ subscribed: true })
    expect(await t.db.cat.count({ where: { id: catId } })).toBe(1)
  })

  it('takes nothing from a token of another account, nor from a verified session', async () => {
    const email = freshAddress('victim')
    const { sharePath } = await ownerSignsUpAndPays(email)
    // Mallory's own unproven session and a proven one of hers prove nothing about the victim's data.
    const mallory = await postRest(t, '/api/supabase/signup-passwordless', { email: freshAddress('mallory') })
    await verifyWith(email, mallory.body.token as string)
    expect((await t.app.inject({ method: 'GET', url: sharePath })).statusCode).toBe(404)

    const second = freshAddress('victim')
    const held = await ownerSignsUpAndPays(second)
    const proven = await signInWithMailedCode(t, freshAddress('other'))
    const owner = await verifyWith(second, proven.session.access_token)
    expect((await t.app.inject({ method: 'GET', url: held.sharePath })).statusCode).toBe(404)
    expect(
      (await (await t.caller(owner.session.access_token)).account.state()).heldBeforeProof,
    ).toMatchObject({
      cats: [{ id: held.catId, name: 'Mochi' }],
    })
  })
})
