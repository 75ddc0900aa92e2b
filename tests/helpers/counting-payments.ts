// A payment provider that counts what it made: the customers, charges and subscriptions the wrapped
// provider created (a call repeated with the same idempotency key makes nothing new, as at Stripe).
import { createDemoProvider } from '../../server/services/payments/demo.ts'
import type { PaymentProvider } from '../../server/services/payments/types.ts'
import { createTestApp, suiteApp, type TestApp } from './app.ts'

export interface ProviderCalls {
  customers: number
  /**
   * Activation fees the provider confirmed: money moved (declines are not counted). A call repeated with
   * the same idempotency key is the same charge at the provider, so it counts once.
   */
  charges: number
  subscriptions: number
}

export function countingProvider(inner: PaymentProvider): {
  provider: PaymentProvider
  calls: ProviderCalls
} {
  const calls: ProviderCalls = { customers: 0, charges: 0, subscriptions: 0 }
  // Calls repeated with one idempotency key make one object at the provider (Stripe's rule): counted once.
  const made = { customers: new Set<string>(), charges: new Set<string>(), subscriptions: new Set<string>() }
  const count = (kind: keyof ProviderCalls, key: string) => {
    if (made[kind].has(key)) return
    made[kind].add(key)
    calls[kind]++
  }
  const provider: PaymentProvider = {
    ...inner,
    name: inner.name,
    async createCustomer(input) {
      const customer = await inner.createCustomer(input)
      count('customers', input.idempotencyKey)
      return customer
    },
    async createActivationIntent(input) {
      const intent = await inner.createActivationIntent(input)
      if (intent.status === 'succeeded') count('charges', input.idempotencyKey)
      return intent
    },
    async createTrialSubscription(input) {
      const subscription = await inner.createTrialSubscription(input)
      count('subscriptions', input.idempotencyKey)
      return subscription
    },
  }
  return { provider, calls }
}

/** A test app (suiteApp) whose payments are the demo provider, counted: what the billing tests charge against. */
export function suiteCountedDemoApp(): { t: TestApp; calls: ProviderCalls } {
  const counted = countingProvider(createDemoProvider())
  const t = suiteApp(() => createTestApp({ overrides: { payments: counted.provider } }))
  return { t, calls: counted.calls }
}
