// The card form with a publishable key: Stripe Elements in Chromium, the server on the Stripe SDK talking
// to the local Stripe-compatible double. The browser has no network, so the Stripe.js that
// @stripe/stripe-js loads (https://js.stripe.com/<release>/stripe.js) is answered by a stand-in with the
// interface Elements uses (elements().create('card'), mount, on/off, createPaymentMethod),
// which maps Stripe's test card numbers to their test payment methods.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasActiveSubscription } from '../../server/domain/billing/entitlement.ts'
import { type StripeDouble, startStripeDouble } from '../doubles/stripe-server.ts'
import { type BrowserTest, continueToCardStep, replaceSession, startBrowserTest } from '../helpers/browser.ts'

const FAKE_STRIPE_JS = `
window.__stripeCalls = []
window.Stripe = function (publishableKey) {
  window.__stripeCalls.push({ publishableKey })
  let mounted
  return {
    version: 'endive',
    elements() {
      return {
        update() {},
        getElement() { return mounted ?? null },
        create(type) {
          let input
          const handlers = {}
          const element = {
            mount(target) {
              input = document.createElement('input')
              input.setAttribute('aria-label', 'Card number (Stripe)')
              ;(typeof target === 'string' ? document.querySelector(target) : target).append(input)
              mounted = element
              setTimeout(() => (handlers.ready ?? []).forEach((handler) => handler({ elementType: type })))
            },
            destroy() { if (input) input.remove(); mounted = undefined },
            update() {},
            on(event, handler) { (handlers[event] ??= []).push(handler); return element },
            off(event, handler) { handlers[event] = (handlers[event] ?? []).filter((h) => h !== handler); return element },
          }
          return element
        },
      }
    },
    async createToken() { throw new Error('not used') },
    async confirmCardPayment() { throw new Error('not used') },
    async createPaymentMethod(data) {
      window.__stripeCalls.push({ createPaymentMethod: { type: data.type, billing_details: data.billing_details } })
      const number = document.querySelector('[aria-label="Card number (Stripe)"]').value.replace(/\\s/g, '')
      const methods = {
        '4242424242424242': 'pm_card_visa',
        '4000000000000002': 'pm_card_chargeDeclined',
        '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
      }
      if (!methods[number]) return { error: { code: 'invalid_number', message: 'Your card number is invalid.' } }
      return { paymentMethod: { id: methods[number] } }
    },
  }
}
`

/** Where @stripe/stripe-js loads Stripe.js from (https://js.stripe.com/<release>/stripe.js, or /v3). */
const STRIPE_JS = /^https:\/\/js\.stripe\.com\/(v3|[a-z]+\/stripe\.js)/

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
  await t.context.route(STRIPE_JS, (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  )
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
