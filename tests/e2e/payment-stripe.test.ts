// The card form with a publishable key: Stripe Elements in Chromium, the server on the Stripe SDK talking
// to the local Stripe-compatible double, Stripe.js answered by the stand-in of tests/helpers/stripe-js.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { type StripeDouble, startStripeDouble } from '../doubles/stripe-server.ts'
import { type BrowserTest, continueToCardStep, replaceSession, startBrowserTest } from '../helpers/browser.ts'
import { STRIPE_JS, serveFakeStripeJs } from '../helpers/stripe-js.ts'

let double: StripeDouble
let t: BrowserTest

beforeAll(async () => {
  double = await startStripeDouble()
  t = await startBrowserTest({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_browser',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_browser',
      STRIPE_API_BASE: double.apiBase,
    },
  })
  await serveFakeStripeJs(t.context)
})
afterAll(async () => {
  await t?.close()
  await double?.close()
})

async function openCardStep() {
  const email = `elements-${Date.now()}@example.com`
  const { id, token } = await t.signIn(email)
  const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom' } })
  await t.page.goto('about:blank')
  await replaceSession(t.page, '/privacy', token, { email, catId: String(cat.id) })
  await t.page.goto('/paywall')
  const dialog = await continueToCardStep(t.page, { state: 'NY', postalCode: '10001' })
  await dialog.getByLabel('Card number (Stripe)').waitFor()
  return { id, email, dialog }
}

describe('payment with Stripe Elements', () => {
  it('loads Stripe.js with the publishable key, sends the billing details, and subscribes through Stripe', async () => {
    const { id, email, dialog } = await openCardStep()
    expect(await dialog.getByText('no money moves').count()).toBe(0)
    await dialog.getByLabel('Card number (Stripe)').fill('4242 4242 4242 4242')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await dialog.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor()

    const calls = await t.page.evaluate(
      () => (window as unknown as { __stripeCalls: unknown[] }).__stripeCalls,
    )
    expect(calls).toEqual([
      { publishableKey: 'pk_test_browser' },
      {
        createPaymentMethod: {
          type: 'card',
          billing_details: {
            name: 'Test Owner',
            email,
            address: { country: 'US', state: 'NY', postal_code: '10001' },
          },
        },
      },
    ])
    const subscriptionId = await t.page.evaluate(() => localStorage.getItem('subscriptionId'))
    expect(subscriptionId).toMatch(/^sub_/)
    expect(double.objects.subscriptions.get(subscriptionId ?? '')?.status).toBe('trialing')
    expect(await hasActiveSubscription(t.db, id)).toBe(true)
  })

  it('shows the declined-card message from Stripe and charges nothing', async () => {
    const { id, dialog } = await openCardStep()
    await dialog.getByLabel('Card number (Stripe)').fill('4000 0000 0000 0002')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    const box = dialog.getByRole('alert')
    await box.waitFor()
    expect(await box.innerText()).toBe(
      'Your card was declined. Please check your card details and try again.',
    )
    expect(await t.db.payment.count({ where: { userId: id } })).toBe(0)

    await dialog.getByLabel('Card number (Stripe)').fill('1234')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await expect.poll(() => box.innerText()).toBe('Your card number is invalid.')
  })

  it("says 'Payment system not initialized' when Stripe.js cannot be loaded", async () => {
    await t.page.goto('about:blank')
    const page = await t.context.newPage()
    try {
      await page.route(STRIPE_JS, (route) => route.abort())
      const { token } = await t.signIn(`nostripe-${Date.now()}@example.com`)
      await page.goto('/privacy')
      await page.evaluate(
        ({ token }) => {
          localStorage.clear()
          localStorage.setItem('token', token)
          localStorage.setItem('expiry', String(Date.now() + 3_600_000))
          localStorage.setItem('email', 'nostripe@example.com')
        },
        { token },
      )
      await page.goto('/PaymentForm')
      await page.getByLabel('Country').selectOption('US')
      await page.getByLabel('State / Region').selectOption('NY')
      await page.getByLabel('Postal code').fill('10001')
      await page.getByRole('button', { name: 'Next' }).click()
      await page.getByRole('button', { name: /^Pay \$1\.99/ }).click()
      await expect.poll(() => page.getByRole('alert').innerText()).toBe('Payment system not initialized')
    } finally {
      await page.close()
    }
  })
})
