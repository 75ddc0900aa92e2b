// The progress rows of `npm run bench` (issue 22): the vet report of a cat with a year of daily weights
// (p95 of the loopback round trip, an upper bound of server time), the weights read at 10 and 1,000
// entries, and the JavaScript /progress loads beyond what every signed-in page loads.
import zlib from 'node:zlib'
import { chromium } from 'playwright-core'
import { openPostgres } from '../../server/db.ts'
import { createTokenService } from '../../server/services/tokens.ts'

type Row = [string, string, string, boolean | null]
const DAY = 86_400_000
const SAMPLES = 40

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] ?? Number.NaN

async function seed(databaseUrl: string, jwtSecret: string) {
  const { prisma, close } = await openPostgres(databaseUrl)
  try {
    const owner = await prisma.user.create({ data: { email: `progress-${Date.now()}@bench.local` } })
    const catWith = async (name: string, count: number, stepMs: number) => {
      const cat = await prisma.cat.create({
        data: {
          userId: owner.id,
          name,
          breed: 'Siamese',
          age: 6,
          weight: 14,
          targetWeight: 11,
          medications: 'None',
        },
      })
      const start = Date.now() - count * stepMs
      await prisma.weightEntry.createMany({
        data: Array.from({ length: count }, (_, i) => ({
          catId: cat.id,
          weight: 14 - (3 * i) / count,
          unit: 'Lbs',
          measuredAt: new Date(start + i * stepMs),
        })),
      })
      return cat.id
    }
    const year = await catWith('Year', 365, DAY)
    const small = await catWith('Small', 10, DAY)
    const large = await catWith('Large', 1000, DAY / 3)
    const tokens = createTokenService({ secret: jwtSecret, ttlSeconds: 3600, db: prisma })
    const token = (await tokens.issue({ id: owner.id, email: owner.email, firstName: '', fullName: '' }))
      .token
    return { token, year, small, large }
  } finally {
    await close()
  }
}

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now()
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } })
  await res.arrayBuffer()
  if (!res.ok) throw new Error(`${url}: ${res.status}`)
  return performance.now() - started
}

/** gzip bytes of every script a page loads, by path. */
async function scriptsOf(base: string, path: string, token: string | null): Promise<Map<string, number>> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const page = await browser.newPage()
    if (token) {
      await page.goto(`${base}/healthz`)
      await page.evaluate((t) => {
        localStorage.setItem('token', t)
        localStorage.setItem('expiry', String(Date.now() + 3_600_000))
      }, token)
    }
    const bodies: Promise<[string, Buffer]>[] = []
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname
      if (pathname.endsWith('.js')) bodies.push(response.body().then((b) => [pathname, b]))
    })
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' })
    const sizes = new Map<string, number>()
    for (const [name, body] of await Promise.all(bodies))
      sizes.set(name, zlib.gzipSync(body, { level: 9 }).length)
    return sizes
  } finally {
    await browser.close()
  }
}

export async function progressRows(options: {
  base: string
  databaseUrl: string
  jwtSecret: string
  log: (message: string) => void
}): Promise<Row[]> {
  const { base, log } = options
  log('progress: seeding a year of daily weights')
  const data = await seed(options.databaseUrl, options.jwtSecret)

  log('progress: the vet report, a year of daily weights')
  const reportUrl = `${base}/api/care/report.pdf?cat_id=${data.year}`
  for (let i = 0; i < 5; i++) await timed(reportUrl, data.token)
  const report: number[] = []
  for (let i = 0; i < SAMPLES; i++) report.push(await timed(reportUrl, data.token))

  log('progress: the weights read at 10 and 1,000 entries')
  const weights = (cat: number) => `${base}/api/care/weights?cat_id=${cat}`
  for (let i = 0; i < 5; i++)
    await Promise.all([timed(weights(data.small), data.token), timed(weights(data.large), data.token)])
  const small: number[] = []
  const large: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    small.push(await timed(weights(data.small), data.token))
    large.push(await timed(weights(data.large), data.token))
  }
  const ratio = median(large) / median(small)

  log('progress: the /progress chunk')
  // What every signed-in page loads (the entry, the data layer, the guard and the sidebar): the scripts
  // two other signed-in pages both load. /login alone is the signed-out entry.
  const login = await scriptsOf(base, '/login', null)
  const profile = await scriptsOf(base, '/cat-profile', data.token)
  const paywall = await scriptsOf(base, '/paywall', data.token)
  const progress = await scriptsOf(base, '/progress', data.token)
  const beyond = (common: (name: string) => boolean) =>
    [...progress].reduce((sum, [name, bytes]) => (common(name) ? sum : sum + bytes), 0) / 1024
  const extraKb = beyond((name) => profile.has(name) && paywall.has(name))
  const beyondLoginKb = beyond((name) => login.has(name))

  return [
    [
      'vet report PDF, a year of daily weights (loopback round trip, p95 of 40)',
      `${p95(report).toFixed(0)} ms (median ${median(report).toFixed(0)} ms)`,
      '≤ 200 ms',
      p95(report) <= 200,
    ],
    [
      'weights read (one statement), 1,000 vs 10 entries',
      `${median(large).toFixed(1)} ms vs ${median(small).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`,
      'ratio ≤ 1.5',
      ratio <= 1.5,
    ],
    [
      'gzip JavaScript /progress loads beyond every signed-in page (/cat-profile ∩ /paywall)',
      `${extraKb.toFixed(1)} KB (${beyondLoginKb.toFixed(1)} KB beyond /login)`,
      '≤ 40 KB',
      extraKb <= 40,
    ],
  ]
}
