// Pre-account takeover, what was left after the proof: someone signs a victim's address up before the
// victim, makes a cat, a share link of its report and a push subscription. When the real owner first
// proves the address with a mailed code, the sessions and password of the unproven party end (see
// auth-attacker.test.ts); so must the share links and push subscriptions made before the proof, and the
// owner is told on their first screen what the account held, and can delete it in one step.
import { describe, expect, it } from 'vitest'
import { freshAddress } from '../helpers/addresses.ts'
import { postRest } from '../helpers/app.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { signInWithMailedCode } from '../helpers/mailed-codes.ts'

const t = suiteGenerousApp()

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/attacker-device'
const KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
}

function call(method: string, url: string, token: string, payload?: object) {
  return t.app.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })
}

async function attackerPrepares(email: string) {
  const signUp = await postRest(t, '/api/supabase/signup-passwordless', { email, full_name: 'Mallory Grab' })
  expect(signUp.status).toBe(200)
  const token = signUp.body.token as string
  const cat = await call('POST', '/api/supabase/cats', token, { cat_name: 'Decoy', gender: 'Male' })
  expect(cat.statusCode).toBe(200)
  const share = await call('POST', '/api/care/report/share', token, {})
  expect(share.statusCode).toBe(200)
  const push = await call('POST', '/api/care/push/subscriptions', token, { endpoint: ENDPOINT, keys: KEYS })
  expect(push.statusCode).toBe(200)
  const sharePath = new URL(share.json().url as string).pathname + new URL(share.json().url as string).search
  return { catId: cat.json().id as number, sharePath }
}

describe('the first proof of an address', () => {
  it('withdraws a consent to review conversations given before it (it is the owner’s to give)', async () => {
    const email = freshAddress('victim')
    const signUp = await postRest(t, '/api/supabase/signup-passwordless', { email, full_name: 'Mallory' })
    const agreed = await call('PUT', '/api/supabase/account/review-consent', signUp.body.token as string, {
      review_consent: true,
    })
    expect(agreed.json()).toEqual({ review_consent: true })

    const owner = await signInWithMailedCode(t, email)
    const read = await call('GET', '/api/supabase/account/review-consent', owner.session.access_token)
    expect(read.json()).toEqual({ review_consent: false })
    // The owner's own consent, given after the proof, stays through later sign-ins.
    await call('PUT', '/api/supabase/account/review-consent', owner.session.access_token, {
      review_consent: true,
    })
    const again = await signInWithMailedCode(t, email)
    const kept = await call('GET', '/api/supabase/account/review-consent', again.session.access_token)
    expect(kept.json()).toEqual({ review_consent: true })
  })

  it('revokes the share links and push subscriptions made before it', async () => {
    const email = freshAddress('victim')
    const { sharePath } = await attackerPrepares(email)
    expect((await t.app.inject({ method: 'GET', url: sharePath })).statusCode).toBe(200)

    const owner = await signInWithMailedCode(t, email)

    expect((await t.app.inject({ method: 'GET', url: sharePath })).statusCode).toBe(404)
    expect(await t.db.pushSubscription.count({ where: { endpoint: ENDPOINT } })).toBe(0)
    // What the owner makes afterwards is theirs and stays.
    const own = await call('POST', '/api/care/report/share', owner.session.access_token, {})
    expect(own.statusCode).toBe(200)
    await signInWithMailedCode(t, email)
    const ownUrl = new URL(own.json().url as string)
    expect((await t.app.inject({ method: 'GET', url: ownUrl.pathname + ownUrl.search })).statusCode).toBe(200)
  })

  it("tells the owner what the account held before, on the first screen's state, and deletes it in one step", async () => {
    const email = freshAddress('victim')
    const { catId } = await attackerPrepares(email)
    const owner = await signInWithMailedCode(t, email)
    const api = await t.caller(owner.session.access_token)

    const state = await api.account.state()
    expect(state.heldBeforeProof).toEqual({
      cats: [{ id: catId, name: 'Decoy' }],
      conversations: 0,
      interviews: 0,
      share_links_revoked: 1,
      calendar_feeds_revoked: 0,
      push_subscriptions_removed: 1,
      name: 'Mallory Grab',
    })
    // A later sign-in does not make it new again.
    await signInWithMailedCode(t, email)
    expect((await api.account.state()).heldBeforeProof).not.toBeNull()

    const res = await call('POST', '/api/supabase/account/held-before-proof', owner.session.access_token, {
      action: 'delete',
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.cat.count({ where: { id: catId } })).toBe(0)
    const after = await api.account.state()
    expect(after.heldBeforeProof).toBeNull()
    expect(after.catId).toBeNull()
  })

  it('keeping is one step too, and an account with nothing before its proof has no notice', async () => {
    const email = freshAddress('victim')
    const { catId } = await attackerPrepares(email)
    const owner = await signInWithMailedCode(t, email)
    const api = await t.caller(owner.session.access_token)
    expect(await api.account.reviewHeldBeforeProof({ action: 'keep' })).toEqual({ success: true })
    expect((await api.account.state()).heldBeforeProof).toBeNull()
    expect(await t.db.cat.count({ where: { id: catId } })).toBe(1)

    const fresh = await signInWithMailedCode(t, freshAddress('new'))
    expect((await (await t.caller(fresh.session.access_token)).account.state()).heldBeforeProof).toBeNull()
  })

  it('clears the name whoever signed up first chose: the owner is greeted by none until they keep it', async () => {
    const email = freshAddress('victim')
    const signUp = await postRest(t, '/api/supabase/signup-passwordless', {
      email,
      full_name: 'Security Team call 5550100',
      first_name: 'Security',
    })
    expect(signUp.status).toBe(200)
    const owner = await signInWithMailedCode(t, email)
    // The session the proof opens carries no name, nor does the account, on either surface.
    const claims = JSON.parse(Buffer.from(owner.session.access_token.split('.')[1]!, 'base64url').toString())
    expect(claims.user_metadata).toEqual({ first_name: '', full_name: '' })
    expect(owner.user).toMatchObject({ user_metadata: { first_name: '', full_name: '' } })
    const api = await t.caller(owner.session.access_token)
    expect(await api.auth.me()).toMatchObject({ first_name: '', last_name: '', full_name: '' })
    // The notice names what was chosen, for the owner to keep (it may be theirs) or delete.
    expect((await api.account.state()).heldBeforeProof).toMatchObject({ name: 'Security Team call 5550100' })
    expect(await api.account.reviewHeldBeforeProof({ action: 'keep' })).toEqual({ success: true })
    expect(await api.auth.me()).toMatchObject({
      first_name: 'Security',
      full_name: 'Security Team call 5550100',
    })
  })

  it('deleting leaves the name cleared, on REST', async () => {
    const email = freshAddress('victim')
    await attackerPrepares(email)
    const owner = await signInWithMailedCode(t, email)
    const res = await call('POST', '/api/supabase/account/held-before-proof', owner.session.access_token, {
      action: 'delete',
    })
    expect(res.statusCode).toBe(200)
    const user = await t.db.user.findUniqueOrThrow({ where: { email } })
    expect({ first: user.firstName, full: user.fullName }).toEqual({ first: '', full: '' })
  })
})
