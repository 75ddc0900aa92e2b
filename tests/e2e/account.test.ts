// In Chromium: Logout ends the session on the server (the old token is refused afterwards),
// a password set with a mailed code then signs in, and deleting the account from the profile ends at
// /login with nothing of the owner left (after a fresh code from the e-mail).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stepUpKey } from '../../server/domain/accounts/password.ts'
import { type BrowserTest, startBrowserTest, verifyMailedCode } from '../helpers/browser.ts'
import { mailedCode as mailedLogCode } from '../helpers/mailed-codes.ts'

let t: BrowserTest
beforeAll(async () => {
  // The log mailer writes each code at info level; the test reads it there, as the README says to.
  t = await startBrowserTest({ env: { LOG_LEVEL: 'info' } })
})
afterAll(async () => {
  await t?.close()
})

const mailedCode = (email: string) => mailedLogCode(t.logs, email)

/** The owner's code sign-in on /login, with real typing. */
async function signInWithCode(email: string) {
  const { page } = t
  await page.goto('/healthz')
  await page.evaluate(() => localStorage.clear())
  await t.db.otpCode.deleteMany({ where: { email } })
  await page.goto('/login')
  await verifyMailedCode(t, email)
  await page.waitForURL((url) => url.pathname !== '/login')
  const token = await page.evaluate(() => localStorage.getItem('token'))
  expect(token).toBeTruthy()
  expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy()
  return token!
}

const catsStatus = async (token: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/supabase/cats',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode

describe('the owner controls the session', () => {
  it('Logout revokes the session: the old token is refused afterwards', async () => {
    const token = await signInWithCode('logout-owner@example.com')
    expect(await catsStatus(token)).toBe(200)
    await t.page.goto('/progress')
    await t.page.getByRole('button', { name: 'Logout' }).click()
    await t.page.waitForURL('**/login')
    expect(await t.page.evaluate(() => localStorage.getItem('token'))).toBeNull()
    expect(await catsStatus(token)).toBe(401)
  })

  it('sets a password with a mailed code from the profile, ending the other devices’ sessions, then signs in with it', async () => {
    const email = 'password-owner@example.com'
    const here = await signInWithCode(email)
    // Another device of the owner (setting a password offers to end it, and does by default).
    const user = await t.db.user.findUniqueOrThrow({ where: { email } })
    const { token: elsewhere } = await t.services.tokens.issue({ ...user, emailVerified: true })
    expect(await catsStatus(elsewhere)).toBe(200)
    const { page } = t
    await page.goto('/cat-profile')
    await page.getByRole('button', { name: 'Email me a code' }).click()
    await page.getByLabel('Code from the e-mail').waitFor()
    await expect
      .poll(async () => (await t.db.otpCode.count({ where: { email: `password ${email}` } })) > 0)
      .toBe(true)
    await page.getByLabel('Code from the e-mail').fill(mailedCode(email))
    await page.getByLabel('New password').fill('a-brand-new-password')
    expect(await page.getByLabel('Sign out my other devices').isChecked()).toBe(true)
    await page.getByRole('button', { name: 'Save password' }).click()
    await page.getByText('Your password is saved.').waitFor()
    expect(await catsStatus(elsewhere)).toBe(401)
    expect(await catsStatus(here)).toBe(200)

    await page.goto('/healthz')
    await page.evaluate(() => localStorage.clear())
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in with password instead' }).click()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('a-brand-new-password')
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await page.waitForURL((url) => url.pathname !== '/login')
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
  })

  it('deletes the account from the profile and ends at /login', async () => {
    const email = 'leaving-owner@example.com'
    const token = await signInWithCode(email)
    const user = await t.db.user.findUniqueOrThrow({ where: { email } })
    await t.db.cat.create({ data: { userId: user.id, name: 'Farewell' } })
    const { page } = t
    await page.goto('/cat-profile')
    // Deleting needs a fresh code from the e-mail, as setting a password does.
    await page.getByRole('button', { name: 'Send a code to download or delete' }).click()
    await page.getByLabel('Verification code for your data').waitFor()
    await expect
      .poll(async () => (await t.db.otpCode.count({ where: { email: stepUpKey(email) } })) > 0)
      .toBe(true)
    await page.getByLabel('Verification code for your data').fill(mailedCode(email))
    await page.getByRole('button', { name: 'Delete account' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' })
    await dialog.getByText(/your cats and their photos, your conversations/).waitFor()
    await dialog.getByRole('button', { name: 'Yes, delete everything' }).click()
    await page.waitForURL('**/login')
    expect(await t.db.user.count({ where: { email } })).toBe(0)
    expect(await t.db.cat.count({ where: { name: 'Farewell' } })).toBe(0)
    expect(await catsStatus(token)).toBe(401)
  })

  it('"Forgot your password?" leads to the code sign-in and then to the profile’s Password section', async () => {
    const email = 'forgetful-owner@example.com'
    const { page } = t
    await page.goto('/healthz')
    await page.evaluate(() => localStorage.clear())
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in with password instead' }).click()
    await page.getByRole('button', { name: 'Forgot your password?' }).click()
    await page.getByText('Sign in with a login code, then choose a new password in your profile.').waitFor()
    await verifyMailedCode(t, email)
    await page.waitForURL('**/cat-profile#password')
    await page.getByRole('button', { name: 'Email me a code' }).waitFor()
  })
})
