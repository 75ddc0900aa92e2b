// Signing in keeps what the owner has: the name they gave (the first e-mail-code sign-in wiped "Dana";
// what the account held before the proof, its name included, is shown to the owner to keep or delete:
// proof-leftovers.test.ts), and every other device's session: each device has its own, and a sign-in on
// one never ends another's.
import { describe, expect, it } from 'vitest'
import { freshAddress } from '../helpers/addresses.ts'
import { postRest } from '../helpers/app.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'
import { signInWithMailedCode } from '../helpers/mailed-codes.ts'

const t = suiteGenerousApp()

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization: `Bearer ${token}` } })

describe('signing in', () => {
  it("gives the owner's name back once they keep it, after the first code sign-in cleared it", async () => {
    const email = freshAddress('dana')
    expect(
      (await postRest(t, '/api/supabase/signup-passwordless', { email, full_name: 'Dana Scully' })).status,
    ).toBe(200)
    // Whoever signed up first chose the name: the proof clears it until the owner keeps it
    // (docs/decisions.md, Accounts and sessions).
    const signedIn = await signInWithMailedCode(t, email)
    expect(signedIn).toMatchObject({ user: { user_metadata: { first_name: '', full_name: '' } } })
    await (await t.caller(signedIn.session.access_token)).account.reviewHeldBeforeProof({ action: 'keep' })
    const profile = (await me(signedIn.session.access_token)).json().result.data
    expect(profile.full_name).toBe('Dana Scully')
    // A later sign-in keeps it.
    const again = await signInWithMailedCode(t, email)
    expect(again).toMatchObject({ user: { user_metadata: { first_name: 'Dana', full_name: 'Dana Scully' } } })
  })

  it("on one device never ends the owner's sessions on the others", async () => {
    const email = freshAddress('devices')
    const phone = await signInWithMailedCode(t, email)
    const laptop = await signInWithMailedCode(t, email)
    expect(laptop.session.access_token).not.toBe(phone.session.access_token)
    // A password on the account, and a third device signing in with it.
    const api = await t.caller(laptop.session.access_token)
    await t.db.otpCode.deleteMany({})
    await api.auth.sendPasswordCode()
    const code = (t.logs.join('\n').match(/"code":"(\d{6})"/g) ?? []).at(-1)?.slice(8, 14) ?? ''
    await api.auth.setPassword({ code, password: 'a-long-enough-password' })
    const tablet = await postRest(t, '/api/supabase/signin', { email, password: 'a-long-enough-password' })
    expect(tablet.status).toBe(200)
    const tablet2 = await signInWithMailedCode(t, email)
    for (const token of [
      phone.session.access_token,
      laptop.session.access_token,
      tablet.body.token,
      tablet2.session.access_token,
    ])
      expect((await me(token as string)).statusCode).toBe(200)
    expect(await t.db.session.count({ where: { user: { email }, revokedAt: null } })).toBe(4)
  })
})
