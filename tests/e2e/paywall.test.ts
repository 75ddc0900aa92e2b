// /paywall and the payment modal in Chromium, on the demo payment provider.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import {
  type BrowserTest,
  installPageClock,
  paced,
  replaceSession,
  startBrowserTest,
} from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

let counter = 0

/** A signed-in owner whose interview is done, on a blank page of the app (storage cleared). */
async function signedIn(extra: Record<string, string> = {}) {
  const email = `paywall${++counter}-${Date.now()}@example.com`
  const { id, token } = await t.signIn(email)
  await t.page.goto('about:blank')
  const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom', breed: 'Siamese' } })
  extra = { catId: String(cat.id), cat_name: 'Tom', ...extra }
  await replaceSession(t.page, '/privacy', token, { email, interview_completed: 'true', ...extra })
  return { id, token, email }
}

/** Records analytics events and sounds the page announces. */
async function listen(page: Page) {
  await page.evaluate(() => {
    const seen: unknown[] = []
    ;(window as unknown as { seen: unknown[] }).seen = seen
    window.addEventListener('kitty-analytics', (e) => seen.push((e as CustomEvent).detail))
    window.addEventListener('kitty-sound', (e) => seen.push({ sound: (e as CustomEvent).detail }))
  })
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)

async function fillContact(page: Page, { country = 'US', state = 'CA', postal = '94105' } = {}) {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Country').selectOption(country)
  await dialog.getByLabel('State / Region').selectOption(state)
  await dialog.getByLabel('Postal code').fill(postal)
  await dialog.getByRole('button', { name: 'Next' }).click()
  await dialog.getByRole('heading', { name: 'Payment Details' }).waitFor()
}

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Card number').fill(number)
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
  await dialog.getByLabel('CVC').fill('123')
}

describe('/paywall in Chromium', () => {
  it('pays with the demo card, shows the thank-you screen, meows, and unlocks the chat', async () => {
    const owner = await signedIn()
    await t.page.goto('/paywall')
    const page = t.page
    await page.getByText('left to respond').waitFor()
    // The countdown starts at 10:00 and ticks down.
    await expect
      .poll(paced(page, () => page.getByRole('timer').innerText()))
      .toMatch(/^[0-9]:[0-5][0-9] left to respond$/)
    await expect(page.getByText('$49.99/mo').count()).resolves.toBe(1)
    expect(await page.locator('body').innerText()).not.toContain('39.99')
    await expect(page.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).resolves.toBe(
      '/privacy',
    )
    await expect(page.getByRole('link', { name: 'Terms of Use' }).getAttribute('href')).resolves.toBe(
      '/terms',
    )
    await t.screenshot('paywall-wait')

    await listen(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor()
    // The e-mail is known, so it is not asked; the name comes from the session.
    expect(await dialog.getByLabel('Email').count()).toBe(0)
    expect(await dialog.getByLabel('Full name').inputValue()).toBe('Test Owner')
    await fillContact(page)
    await expect(dialog.getByText('no money moves').count()).resolves.toBe(1)
    expect(await dialog.getByLabel('Full name on card').inputValue()).toBe('Test Owner')
    await fillCard(page, '4242424242424242')
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242')
    await t.screenshot('paywall-card')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()

    await dialog.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor()
    await t.screenshot('paywall-thank-you')
    const subscriptionId = await page.evaluate(() => localStorage.getItem('subscriptionId'))
    expect(subscriptionId).toMatch(/^sub_demo_/)
    expect(await page.evaluate(() => localStorage.getItem('checkoutKey'))).toBeNull()
    const events = await seen(page)
    expect(events).toHaveLength(3)
    expect(events[0]).toEqual({ event: 'InitiateCheckout', value: 49.99, currency: 'USD' })
    expect(events).toEqual(
      expect.arrayContaining([{ event: 'Purchase', value: 49.99, currency: 'USD' }, { sound: 'meow' }]),
    )
    expect(await hasActiveSubscription(t.db, owner.id)).toBe(true)
    const row = await t.db.subscription.findFirstOrThrow({ where: { userId: owner.id } })
    expect(row).toMatchObject({
      providerSubscriptionId: subscriptionId,
      plan: 'Free Trial',
      billingPeriod: 'Monthly',
    })

    await dialog.getByRole('button', { name: 'Start My Journey' }).click()
    await page.waitForURL('**/cat-assistant')
    // Subscribed: the chat connects instead of sending the owner back to the paywall.
    await page.getByText(/Connected to/).waitFor()
    expect(new URL(page.url()).pathname).toBe('/cat-assistant')
  })

  it('shows the declined-card message, keeps what was typed, and takes a good card afterwards', async () => {
    const owner = await signedIn()
    const page = t.page
    await page.goto('/paywall')
    await page.getByRole('button', { name: 'Continue' }).click()
    await fillContact(page)
    const dialog = page.getByRole('dialog')
    await fillCard(page, '4000 0000 0000 0002')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    const box = dialog.getByRole('alert')
    await box.waitFor()
    expect(await box.innerText()).toBe(
      'Your card was declined. Please check your card details and try again.',
    )
    await t.screenshot('paywall-declined')
    expect(await dialog.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002')
    expect(await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).isEnabled()).toBe(true)
    expect(await page.evaluate(() => localStorage.getItem('subscriptionId'))).toBeNull()
    // A declined checkout is over: the next attempt gets a new key.
    expect(await page.evaluate(() => localStorage.getItem('checkoutKey'))).toBeNull()

    await dialog.getByLabel('Card number').fill('4000000000009995')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await expect
      .poll(() => box.innerText())
      .toBe('Insufficient funds. Please use a different card or contact your bank.')

    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await dialog.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor()
    expect(await t.db.payment.count({ where: { userId: owner.id } })).toBe(1)
    expect(await t.db.subscription.count({ where: { userId: owner.id } })).toBe(1)
  })

  it('checks each step: required fields, the state picker, the name on the card, Back clearing the error', async () => {
    await signedIn()
    const page = t.page
    await page.goto('/paywall')
    await page.getByRole('button', { name: 'Continue' }).click()
    const dialog = page.getByRole('dialog')
    const state = dialog.getByLabel('State / Region')
    expect(await state.isDisabled()).toBe(true)

    await dialog.getByRole('button', { name: 'Next' }).click()
    // The text of docs/product.md §5, then the fields it means.
    expect(await dialog.getByRole('alert').innerText()).toBe(
      'Please fill in all required fields: Country, Postal code.',
    )

    await dialog.getByLabel('Country').selectOption('CA')
    expect(await state.isDisabled()).toBe(false)
    await state.selectOption('QC')
    // Another country clears the state chosen for the first one.
    await dialog.getByLabel('Country').selectOption('US')
    expect(await state.inputValue()).toBe('')
    // Regions without a usable code in the data (the literal 'undefined') are still choosable by name.
    await dialog.getByLabel('Country').selectOption('CK')
    await state.selectOption({ label: 'Aitutaki' })
    expect(await state.inputValue()).toBe('Aitutaki')
    await dialog.getByLabel('Postal code').fill('0000')
    await dialog.getByRole('button', { name: 'Next' }).click()

    await dialog.getByLabel('Full name on card').fill('')
    await fillCard(page, '4242424242424242')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    expect(await dialog.getByRole('alert').innerText()).toBe('Please enter the full name on the card')
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('heading', { name: 'Contact Information' }).waitFor()
    expect(await dialog.getByRole('alert').count()).toBe(0)
    // What was typed in step 1 is still there.
    expect(await dialog.getByLabel('Postal code').inputValue()).toBe('0000')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
  })

  it('switches to the yearly plan on a wide screen: one price per plan, 7-day trial, yearly checkout', async () => {
    const owner = await signedIn()
    const page = t.page
    await page.goto('/paywall')
    await page.getByRole('button', { name: 'Yearly' }).click()
    await page.getByText('$299.99/yr').waitFor()
    await page.getByText('7-Day Trial').waitFor()
    await page.getByText(/\$0\.82\/day/).waitFor()
    expect(await page.getByText('$49.99/mo').count()).toBe(0)
    await listen(page)
    await page.getByRole('button', { name: 'Continue' }).click()
    await fillContact(page)
    await fillCard(page, '4242 4242 4242 4242')
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Pay \$1\.99/ })
      .click()
    await page.getByRole('dialog').getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor()
    const row = await t.db.subscription.findFirstOrThrow({ where: { userId: owner.id } })
    expect(row.billingPeriod).toBe('Yearly')
    expect(await seen(page)).toContainEqual({ event: 'Purchase', value: 299.99, currency: 'USD' })
  })

  it('creates the account first for a visitor with no session (the e-mail is asked)', async () => {
    const page = t.page
    await page.goto('/privacy')
    await page.evaluate(() => {
      localStorage.clear()
      localStorage.setItem('interview_completed', 'true')
    })
    await page.goto('/paywall')
    await page.getByRole('button', { name: 'Continue' }).click()
    const dialog = page.getByRole('dialog')
    const email = `visitor-${Date.now()}@example.com`
    await dialog.getByLabel('Full name').fill('Vera Visitor')
    await dialog.getByLabel('Email').fill('not-an-address')
    // The United Kingdom asks no state.
    await dialog.getByLabel('Country').selectOption('GB')
    await dialog.getByLabel('Postal code').fill('SW1A 1AA')
    await dialog.getByRole('button', { name: 'Next' }).click()
    expect(await dialog.getByRole('alert').innerText()).toBe('Please enter a valid email address')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByRole('button', { name: 'Next' }).click()
    await fillCard(page, '4242424242424242')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await dialog.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor()
    expect(await page.evaluate(() => localStorage.getItem('email'))).toBe(email)
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy()
    const user = await t.db.user.findUniqueOrThrow({ where: { email } })
    expect(await hasActiveSubscription(t.db, user.id)).toBe(true)
  })

  it('picks up a subscription the server has but the browser lost (a reload mid-payment)', async () => {
    const owner = await signedIn()
    const api = await t.caller(owner.token)
    const { subscriptionId } = await api.billing.checkout({
      fullName: 'Test Owner',
      country: 'US',
      state: 'NY',
      postalCode: '10001',
      paymentMethod: 'pm_card_visa',
      billingPeriod: 'Monthly',
      checkoutKey: `reload-${Date.now()}`,
    })
    // The owner's state is restored from the server before the guard runs: subscribed with a
    // cat, the paywall hands over to the chat.
    await t.page.goto('/paywall')
    await t.page.waitForURL('**/cat-assistant')
    expect(await t.page.evaluate(() => localStorage.getItem('subscriptionId'))).toBe(subscriptionId)
  })
})

describe('/paywall on a phone', () => {
  it('forces the monthly plan at 375 px even when yearly was chosen', async () => {
    const phone = await t.browser.newContext({ baseURL: t.baseUrl, viewport: { width: 375, height: 740 } })
    await installPageClock(phone)
    const page = await phone.newPage()
    try {
      await page.goto('/privacy')
      await page.evaluate(() => localStorage.setItem('planSelection', 'yearly'))
      await page.goto('/paywall')
      await page.getByText('$49.99/mo').waitFor()
      expect(await page.getByRole('button', { name: 'Yearly' }).count()).toBe(0)
      expect(await page.getByText('3-Day Trial').count()).toBe(1)
      await page.screenshot({ path: 'tests/.artifacts/screenshots/paywall-phone.png', fullPage: true })
    } finally {
      await phone.close()
    }
  })
})
