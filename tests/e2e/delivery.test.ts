import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BrowserTest, startBrowserTest } from '../helpers/browser.ts'

let t: BrowserTest
beforeAll(async () => {
  t = await startBrowserTest()
})
afterAll(async () => {
  await t?.close()
})

/** A raw GET (no automatic decompression), so the test sees the bytes and headers as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          )
        })
        .on('error', reject)
    },
  )
}

/** The hashed JavaScript files the /login page loads, as the browser asked for them. */
async function loginScripts(): Promise<string[]> {
  const scripts: string[] = []
  const listener = (request: { url(): string; resourceType(): string }) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  }
  t.page.on('request', listener)
  await t.page.goto('/login', { waitUntil: 'networkidle' })
  t.page.off('request', listener)
  return scripts
}

describe('delivery: status codes, robots.txt, compression and caching', () => {
  it('answers an unknown path with the status 404 and a Not found page with a way back', async () => {
    const response = await t.page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    await t.page.getByRole('heading', { name: 'Not found' }).waitFor()
    await t.page.getByRole('link', { name: /back/i }).click()
    await t.page.waitForURL('**/login')
    await t.screenshot('delivery-not-found')
  })

  it('answers 200 for every client route, whatever its spelling or query', async () => {
    for (const path of [
      '/login',
      '/PaymentForm',
      '/paymentform',
      '/onboarding?step=2',
      '/start/',
      '/terms',
    ]) {
      const response = await rawGet(`${t.baseUrl}${path}`)
      expect(response.status, path).toBe(200)
      expect(response.headers['content-type'], path).toMatch(/^text\/html/)
      expect(response.headers['cache-control'], path).toBe('no-cache')
    }
  })

  it('serves /robots.txt as a plain-text robots file', async () => {
    const response = await t.page.goto('/robots.txt')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toMatch(/^text\/plain/)
    const body = (await response?.text()) ?? ''
    expect(body).toMatch(/^User-agent: \*/m)
    expect(body).not.toMatch(/<html/i)
  })

  it('serves the hashed scripts brotli- or gzip-compressed, cached for a year', async () => {
    const scripts = await loginScripts()
    expect(scripts.length).toBeGreaterThan(0)
    for (const url of scripts) {
      expect(new URL(url).pathname).toMatch(/^\/assets\//)
      for (const encoding of ['br', 'gzip']) {
        const response = await rawGet(url, { 'accept-encoding': encoding })
        expect(response.status, url).toBe(200)
        expect(response.headers['content-encoding'], url).toBe(encoding)
        expect(response.headers.vary, url).toMatch(/accept-encoding/i)
        expect(response.headers['content-type'], url).toMatch(/javascript/)
        expect(response.headers['cache-control'], url).toBe('public, max-age=31536000, immutable')
      }
      const plain = await rawGet(url)
      expect(plain.headers['content-encoding'], url).toBeUndefined()
      const br = await rawGet(url, { 'accept-encoding': 'br' })
      const { brotliDecompressSync } = await import('node:zlib')
      expect(brotliDecompressSync(br.body).equals(plain.body), url).toBe(true)
      expect(br.body.length, url).toBeLessThan(plain.body.length)
    }
  })

  it("the browser receives /login's scripts compressed", async () => {
    const encodings: string[] = []
    const listener = (response: {
      request(): { resourceType(): string }
      headers(): Record<string, string>
    }) => {
      if (response.request().resourceType() === 'script')
        encodings.push(response.headers()['content-encoding'] ?? 'none')
    }
    t.page.on('response', listener)
    await t.page.goto('/login', { waitUntil: 'networkidle' })
    t.page.off('response', listener)
    expect(encodings.length).toBeGreaterThan(0)
    for (const encoding of encodings) expect(['br', 'gzip']).toContain(encoding)
  })
})

describe('no third parties with the demo provider', () => {
  it("asks no host but the app's own on the visitor's path, Stripe.js included", async () => {
    const { page } = t
    const foreign: string[] = []
    const listener = (request: { url(): string }) => {
      const { protocol, host } = new URL(request.url())
      if (protocol.startsWith('http') && host !== new URL(t.baseUrl).host) foreign.push(request.url())
    }
    page.on('request', listener)
    try {
      for (const path of ['/login', '/start', '/onboarding', '/interview', '/paywall']) {
        await page.goto(path, { waitUntil: 'networkidle' })
      }
    } finally {
      page.off('request', listener)
    }
    expect(foreign).toEqual([])
  })
})
