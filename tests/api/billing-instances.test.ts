// The checkout's lock holds across instances. Two app instances, each with its own Prisma
// client (its own connection pool) on one database, take concurrent checkouts of one owner: one charge.
// On PostgreSQL the two clients open separate pools on the same database; on the embedded default they
// share one PGlite, the only way two instances can share it.
import { randomUUID } from 'node:crypto'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, openPostgres } from '../../server/db.ts'
import { PrismaClient } from '../../server/generated/prisma/client.ts'
import { createDemoProvider } from '../../server/services/payments/demo.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { countingProvider } from '../helpers/counting-payments.ts'
import { suiteDatabase } from '../helpers/database.ts'

const counted = countingProvider(createDemoProvider())
const database = suiteDatabase()
/** The second instance's own handle on the same database: its own Prisma client (its own pool). */
let second: Database
beforeAll(async () => {
  if (database.url) {
    second = await openPostgres(database.url)
  } else {
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(database.pglite!) })
    second = { prisma, kind: 'pglite', close: () => prisma.$disconnect() }
  }
})
afterAll(async () => {
  await second?.close()
})

/** An app instance over `handle`'s Prisma client: what a second process would have. */
const instance = (handle: () => Database) =>
  suiteApp(() => createTestApp({ database: handle(), overrides: { payments: counted.provider } }))
const one = instance(() => database)
const two = instance(() => second)

describe('two instances on one database', () => {
  it('charge one owner once for concurrent checkouts, keyed and keyless, through both instances', async () => {
    const user = await one.db.user.create({ data: { email: `instances-${randomUUID()}@example.com` } })
    const { token } = await one.services.tokens.issue(user)
    const callers = await Promise.all([
      one.caller(token),
      two.caller(token),
      one.caller(token),
      two.caller(token),
    ])
    const charged = counted.calls.charges
    const results = await Promise.allSettled(
      callers.map((api, i) =>
        api.billing.checkout({ ...CARD_CHECKOUT, ...(i < 2 ? { checkoutKey: randomUUID() } : {}) }),
      ),
    )
    for (const result of results) {
      if (result.status === 'rejected')
        expect(result.reason, String(result.reason?.cause ?? result.reason)).toMatchObject({
          code: 'CONFLICT',
        })
    }
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true)
    expect(counted.calls.charges - charged).toBe(1)
    expect(await two.db.payment.count({ where: { userId: user.id } })).toBe(1)
    expect(await two.db.subscription.count({ where: { userId: user.id } })).toBe(1)
  })

  it('serialise the REST-style steps of one owner across instances: one customer, one charge', async () => {
    const user = await one.db.user.create({ data: { email: `steps-${randomUUID()}@example.com` } })
    const { token } = await one.services.tokens.issue(user)
    const [a, b] = [await one.caller(token), await two.caller(token)]
    const before = { ...counted.calls }
    const [c1, c2] = await Promise.all(
      [a, b].map((api) => api.billing.createCustomer({ paymentMethodId: 'pm_card_visa' })),
    )
    expect(c1?.customerId).toBe(c2?.customerId)
    const [i1, i2] = await Promise.all(
      [a, b].map((api) =>
        api.billing.createPaymentIntent({
          customerId: c1?.customerId ?? '',
          paymentMethodId: 'pm_card_visa',
        }),
      ),
    )
    expect(i1?.paymentIntentId).toBe(i2?.paymentIntentId)
    expect(counted.calls.customers - before.customers).toBe(1)
    expect(counted.calls.charges - before.charges).toBe(1)
  })
})
