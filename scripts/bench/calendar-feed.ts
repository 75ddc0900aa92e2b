// The calendar feed row of `npm run bench` (docs/operations.md "Capability links"): the feed of a free
// account at every quota (20 medications of 12 dose times, 50 vaccinations due, daily check-ins) read
// through the running server, built (a new ETag each read: the record changes in between), then from the
// cache and as a 304, while /healthz is asked every 5 ms beside it; its slowest answer is the figure,
// beside the slowest of the same probing with no feed read (what the machine itself costs).
import { openPostgres } from '../../server/db.ts'
import { QUOTAS } from '../../server/domain/quotas.ts'
import { createTokenService } from '../../server/services/tokens.ts'
import type { Row } from './lighthouse.ts'

const READS = 7
const DAY = 86_400_000
const TIMES = Array.from({ length: 12 }, (_, i) => `${String(2 * i).padStart(2, '0')}:30`)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

async function seed(databaseUrl: string, jwtSecret: string) {
  const { prisma, close } = await openPostgres(databaseUrl)
  try {
    const owner = await prisma.user.create({ data: { email: `feed-${Date.now()}@bench.local` } })
    const cat = await prisma.cat.create({ data: { userId: owner.id, name: 'Quota' } })
    await prisma.carePlan.create({
      data: {
        catId: cat.id,
        userId: owner.id,
        checkInPeriod: 'Daily',
        timezone: 'Europe/Paris',
        unsubscribeToken: `bench-${cat.id}`,
      },
    })
    const today = new Date().toISOString().slice(0, 10)
    await prisma.medication.createMany({
      data: Array.from({ length: QUOTAS.medications.free }, (_, i) => ({
        catId: cat.id,
        name: `Medicine ${i + 1}`,
        dose: '1 tablet',
        times: TIMES,
        startOn: new Date(`${today}T00:00:00Z`),
        nextDoseAt: new Date(Date.now() + 3600_000),
      })),
    })
    await prisma.vaccination.createMany({
      data: Array.from({ length: QUOTAS.vaccinations.free }, (_, i) => ({
        catId: cat.id,
        name: `Vaccine ${i + 1}`,
        givenOn: new Date(Date.now() - 300 * DAY),
        nextDueOn: new Date(new Date(Date.now() + (i + 1) * DAY).toISOString().slice(0, 10)),
      })),
    })
    const tokens = createTokenService({ secret: jwtSecret, ttlSeconds: 3600, db: prisma })
    const token = (await tokens.issue({ id: owner.id, email: owner.email, firstName: '', fullName: '' }))
      .token
    // A change between reads: the feed's ETag moves, so each timed read builds the feed anew.
    const touch = (i: number) =>
      prisma.vaccination.updateMany({
        where: { catId: cat.id, name: 'Vaccine 1' },
        data: { clinic: `Clinic ${i}` },
      })
    return { token, catId: cat.id, touch, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** /healthz asked every 5 ms while `work` runs: its slowest answer, in ms. */
async function healthBeside<T>(base: string, work: Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let done = false
  let slowest = 0
  const probe = (async () => {
    while (!done) {
      const started = performance.now()
      await fetch(`${base}/healthz`).then((res) => res.arrayBuffer())
      slowest = Math.max(slowest, performance.now() - started)
      await new Promise((r) => setTimeout(r, 5))
    }
  })()
  const result = await work.finally(() => {
    done = true
  })
  await probe
  return { result, slowestMs: slowest }
}

export async function calendarFeedRows(options: {
  base: string
  databaseUrl: string
  jwtSecret: string
  log: (line: string) => void
}): Promise<Row[]> {
  options.log('calendar feed at every quota')
  const data = await seed(options.databaseUrl, options.jwtSecret)
  try {
    const made = await fetch(`${options.base}/api/care/calendar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${data.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cat_id: data.catId }),
    })
    const path = new URL(((await made.json()) as { url: string }).url).pathname
    const read = async (headers: Record<string, string> = {}) => {
      const started = performance.now()
      const res = await fetch(`${options.base}${path}`, { headers })
      const body = Buffer.from(await res.arrayBuffer())
      return {
        ms: performance.now() - started,
        status: res.status,
        bytes: body.length,
        etag: res.headers.get('etag'),
      }
    }
    // One read first, untimed: the server's first build of a feed compiles its code paths.
    await read()
    const built: number[] = []
    const health: number[] = []
    let bytes = 0
    let etag = ''
    for (let i = 0; i < READS; i++) {
      await data.touch(i)
      const { result, slowestMs } = await healthBeside(options.base, read())
      if (result.status !== 200) throw new Error(`the feed answered ${result.status}`)
      built.push(result.ms)
      health.push(slowestMs)
      bytes = result.bytes
      etag = result.etag ?? ''
    }
    const cached: number[] = []
    const notModified: number[] = []
    for (let i = 0; i < READS; i++) {
      cached.push((await read()).ms)
      notModified.push((await read({ 'if-none-match': etag })).ms)
    }
    // The same probing with no feed read beside it: what the machine itself costs /healthz.
    const alone: number[] = []
    for (let i = 0; i < READS; i++) {
      const idle = new Promise((r) => setTimeout(r, median(built)))
      alone.push((await healthBeside(options.base, idle)).slowestMs)
    }
    const feedMs = median(built)
    const slowestHealth = Math.max(...health)
    return [
      [
        'calendar feed at every quota (20 × 12 doses, 50 vaccinations), built / cached / 304',
        `${feedMs.toFixed(0)} / ${median(cached).toFixed(0)} / ${median(notModified).toFixed(0)} ms (median of ${READS}), ${(bytes / 1024).toFixed(0)} KB`,
        '< 1,000 ms',
        feedMs < 1000,
      ],
      [
        '/healthz beside the feed reads (slowest answer)',
        `${slowestHealth.toFixed(0)} ms (${Math.max(...alone).toFixed(0)} ms with no feed read)`,
        '< 100 ms',
        slowestHealth < 100,
      ],
    ]
  } finally {
    await data.close()
  }
}
