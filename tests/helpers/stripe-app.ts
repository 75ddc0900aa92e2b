// An app whose card provider is Stripe, served by the Stripe double (tests/doubles/stripe-server.ts).
import { type StripeDouble, startStripeDouble } from '../doubles/stripe-server.ts'
import { createTestApp, suiteAppWithDouble, type TestApp } from './app.ts'

/** The keys the billing tests configure; the webhook secret is what the double signs events with. */
export function stripeTestApp(double: Pick<StripeDouble, 'apiBase'>): Promise<TestApp> {
  return createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_kitty',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kitty',
      STRIPE_WEBHOOK_SECRET: 'whsec_kitty',
      STRIPE_API_BASE: double.apiBase,
    },
  })
}

/** A Stripe double and a stripeTestApp on it for the file (or describe block); both stop after its tests. */
export function suiteStripeApp(): { t: TestApp; readonly double: StripeDouble } {
  return suiteAppWithDouble(() => startStripeDouble(), stripeTestApp)
}
