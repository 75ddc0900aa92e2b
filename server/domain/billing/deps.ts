// What the billing rules reach outside themselves: the database and the two payment providers behind
// their interfaces (server/services/payments, server/services/paypal.ts), and the two price ids.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db.ts'
import type { PaymentProvider } from '../../services/payments/types.ts'
import type { PayPalService } from '../../services/paypal.ts'

export interface BillingDeps {
  db: Db
  payments: PaymentProvider
  paypal: PayPalService
  config: Pick<Config, 'STRIPE_PRICE_MONTHLY' | 'STRIPE_PRICE_YEARLY'>
  log: FastifyBaseLogger
}

/** The signed-in owner a billing rule acts for. */
export interface Owner {
  id: number
  email: string
  fullName: string
}
