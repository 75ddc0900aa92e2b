// Issue 15: the checkout's lock holds across instances. Two app instances, each with its own Prisma
// client (its own connection pool) on one database, take concurrent checkouts of one owner: one charge.
// On PostgreSQL the two clients open separate pools on the same database; on the embedded default they
// share one PGlite, the only way two instances can share it.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PrismaPGlite } from 'pglite-prisma-adapter'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContextInner } from '../../server/context.ts'
import { applyMigrationsToPglite, type Db, openPostgres } from '../../server/db.ts'
import { PrismaClient } from '../../server/generated/prisma/client.ts'
import { createLogger } from '../../server/logger.ts'
import { MIGRATIONS_DIR } from '../../server/paths.ts'
import { createCaller } from '../../server/routers/index.ts'
import { createServices } from '../../server/services/index.ts'
import { createDemoProvider } from '../../server/services/payments/demo.ts'
import { testConfig } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'
import { countingProvider } from '../helpers/counting-payments.ts'
import { freshDatabase } from '../helpers/database.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-instances-'))
const config = testConfig(dataDir, { LOG_LEVEL: 'silent' })
const counted = countingProvider(createDemoProvider())
const closers: Array<() => Promise<unknown>> = []
let clients: [Db, Db]

beforeAll(async () => {
  const database = await freshDatabase()
  closers.push(() => database.close())
  if (database.url) {
    const second = await openPostgres(database.url)
    closers.unshift(() => second.close())
    clients = [database.prisma, second.prisma]
  } else {
    await database.close()
    closers.pop()
    const pg = new PGlite()
    await applyMigrationsToPglite(pg, MIGRATIONS_DIR)
    const a = new PrismaClient({ adapter: new PrismaPGlite(pg) })
    const b = new PrismaClient({ adapter: new PrismaPGlite(pg) })
    closers.push(async () => {
      await a.$disconnect()
      await b.$disconnect()
      await pg.close()
    })
    clients = [a, b]
  }
})
afterAll(async () => {
  for (const close of closers) await close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** One app instance over its own Prisma client: what a second process would have. */
async function instance(db: Db) {
  const log = createLogger('silent')
  const services = await createServices(config, db, log, { payments: counted.provider })
  return (token: string) => createContextInner({ services, token }).then(createCaller)
}

describe('two instances on one database', () => {
  it('charge one owner once for concurrent checkouts, keyed and keyless, through both instances', async () => {
    const [one, two] = [await instance(clients[0]), await instance(clients[1])]
    const user = await clients[0].user.create({ data: { email: `instances-${randomUUID()}@example.com` } })
    const services = await createServices(config, clients[0], createLogger('silent'))
    const { token } = await services.tokens.issue(user)
    const callers = await Promise.all([one(token), two(token), one(token), two(token)])
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
    expect(await clients[1].payment.count({ where: { userId: user.id } })).toBe(1)
    expect(await clients[1].subscription.count({ where: { userId: user.id } })).toBe(1)
  })

  it('serialise the REST-style steps of one owner across instances: one customer, one charge', async () => {
    const [one, two] = [await instance(clients[0]), await instance(clients[1])]
    const user = await clients[0].user.create({ data: { email: `steps-${randomUUID()}@example.com` } })
    const services = await createServices(config, clients[0], createLogger('silent'))
    const { token } = await services.tokens.issue(user)
    const [a, b] = [await one(token), await two(token)]
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
