// Lighthouse (mobile, its default simulated slow-4G phone) on /login and /start, driving Debian's
// Chromium. `npm run bench` adds its rows to the benchmark table; `npm run bench:lighthouse` runs it
// alone against a fresh build on the embedded database and prints the same rows.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const ROOT = path.resolve(import.meta.dirname, '../..')
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PAGES = ['/login', '/start'] as const
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const TARGETS: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}
const LCP_TARGET_MS = 2000
const LOGIN_JS_TARGET_KB = 90

export type Row = [figure: string, measured: string, target: string, met: boolean | null]

interface PageResult {
  scores: Record<(typeof CATEGORIES)[number], number>
  lcpMs: number
  /** Bytes on the wire (compressed, with headers) of every script the page loaded. */
  scriptKb: number
  /** What kept a category below 100: audit ids with a score under 1. */
  failing: string[]
}

/** Attempts per page: a trace Lighthouse could not read (its runtimeError) says nothing about the page. */
const ATTEMPTS = 3

async function audit(url: string, log: (message: string) => void): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await auditOnce(url)
    if (!('runtimeError' in result)) return result
    if (attempt === ATTEMPTS)
      throw new Error(`Lighthouse failed ${ATTEMPTS} times on ${url}: ${result.runtimeError}`)
    log(`lighthouse ${url}: ${result.runtimeError}, again`)
  }
}

async function auditOnce(url: string): Promise<PageResult | { runtimeError: string }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    // e.g. NO_NAVSTART: Chromium's trace lacked the navigation start (seen about once in ten runs here).
    if (lhr.runtimeError) return { runtimeError: lhr.runtimeError.code }
    const scores = Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as PageResult['scores']
    const requests =
      (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? []
    const scriptBytes = (requests as { resourceType?: string; transferSize?: number }[])
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
    const failing = CATEGORIES.flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 1)
        .map((a) => `${id}: ${a!.id} (${a!.score})`),
    )
    return {
      scores,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      scriptKb: scriptBytes / 1024,
      failing,
    }
  } finally {
    chrome.kill()
  }
}

/** The Lighthouse rows of the benchmark table for the app served at `base`. */
export async function lighthouseRows(
  base: string,
  log: (message: string) => void = () => {},
): Promise<Row[]> {
  const rows: Row[] = []
  for (const page of PAGES) {
    log(`lighthouse ${page}`)
    const result = await audit(`${base}${page}`, log)
    for (const failing of result.failing) log(`lighthouse ${page}: below 1: ${failing}`)
    const scores = CATEGORIES.map((id) => result.scores[id]).join(' / ')
    const targets = CATEGORIES.map((id) => TARGETS[id]).join(' / ')
    const met = CATEGORIES.every((id) => result.scores[id] >= TARGETS[id])
    rows.push([
      `Lighthouse mobile ${page}: performance / accessibility / best practices / SEO`,
      scores,
      `≥ ${targets}`,
      met,
    ])
    rows.push([
      `Lighthouse mobile ${page}: largest contentful paint`,
      `${(result.lcpMs / 1000).toFixed(2)} s`,
      `≤ ${(LCP_TARGET_MS / 1000).toFixed(1)} s`,
      result.lcpMs <= LCP_TARGET_MS,
    ])
    if (page === '/login') {
      rows.push([
        'JavaScript /login loads on first visit, compressed as sent',
        `${result.scriptKb.toFixed(1)} KB`,
        `≤ ${LOGIN_JS_TARGET_KB} KB`,
        result.scriptKb <= LOGIN_JS_TARGET_KB,
      ])
    }
  }
  return rows
}

/** Alone: build the client, serve it from this process on the embedded database, audit, print. */
async function runAlone() {
  const log = (message: string) => process.stderr.write(`bench: ${message}\n`)
  log('building the client')
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-lighthouse-client-'))
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', clientDir],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  )
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-lighthouse-data-'))
  const { loadConfig } = await import('../../server/config.ts')
  const { openDatabase } = await import('../../server/db.ts')
  const { createLogger } = await import('../../server/logger.ts')
  const { createServices } = await import('../../server/services/index.ts')
  const { buildApp } = await import('../../server/app.ts')
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
  const database = await openDatabase(config, () => {})
  const services = await createServices(config, database.prisma, createLogger(config.LOG_LEVEL))
  const app = await buildApp({ services, clientDir })
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' })
    const rows = await lighthouseRows(base, log)
    console.log('| figure | measured | target | met |')
    console.log('|---|---|---|---|')
    for (const [figure, measured, target, met] of rows)
      console.log(`| ${figure} | ${measured} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |`)
  } finally {
    await app.close()
    await database.close()
    fs.rmSync(clientDir, { recursive: true, force: true })
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await runAlone()
