// A payment provider that counts what reached it: every create call made of the wrapped provider.
import { createDemoProvider } from '../../server/services/payments/demo.ts'
import type { PaymentProvider } from '../../server/services/payments/types.ts'
import { createTestApp, suiteApp, type TestApp } from './app.ts'

export interface ProviderCalls {
  customers: number
  /** Activation fees the provider confirmed: money moved (declines are not counted). */
  charges: number
  subscriptions: number
}

export function countingProvider(inner: PaymentProvider): {
  provider: PaymentProvider
  calls: ProviderCalls
} {
  const calls: ProviderCalls = { customers: 0, charges: 0, subscriptions: 0 }
  const provider: PaymentProvider = {
    ...inner,
    name: inner.name,
    async createCustomer(input) {
      calls.customers++
      return inner.createCustomer(input)
    },
    async createActivationIntent(input) {
      const intent = await inner.createActivationIntent(input)
      if (intent.status === 'succeeded') calls.charges++
      return intent
    },
    async createTrialSubscription(input) {
      calls.subscriptions++
      return inner.createTrialSubscription(input)
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
