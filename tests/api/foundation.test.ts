import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

let clientDir: string

const t = suiteApp(
  async () => {
    // A stand-in built client, so the history fallback can be checked without a Vite build here.
    clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-client-'))
    fs.mkdirSync(path.join(clientDir, 'assets'))
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<html><head><title>Kitty</title></head><body></body></html>',
    )
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)')
    return createTestApp({ clientDir })
  },
  async () => {
    fs.rmSync(clientDir, { recursive: true, force: true })
  },
)

describe('health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })
})

describe('HTTP surface', () => {
  it('sets security headers and a request id on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('keeps a request id the caller sent', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'trace-42' },
    })
    expect(res.headers['x-request-id']).toBe('trace-42')
  })

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ error: 'Not found', code: 'NOT_FOUND' })
  })

  it('answers an unknown procedure with 404, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/nothing.here' })
    expect(res.statusCode).toBe(404)
  })

  it('answers a single tRPC call in one piece with its length, and streams a JSON-lines batch', async () => {
    const { token } = await t.signIn()
    const authorization = `Bearer ${token}`
    const single = await t.app.inject({ method: 'GET', url: '/trpc/cat.list', headers: { authorization } })
    expect(single.statusCode).toBe(200)
    expect(single.headers['content-length']).toBe(String(Buffer.byteLength(single.body)))
    expect(single.headers['transfer-encoding']).toBeUndefined()
    expect(single.json()).toEqual({ result: { data: [] } })

    const batch = await t.app.inject({
      method: 'GET',
      url: `/trpc/cat.list,auth.me?batch=1&input=${encodeURIComponent('{}')}`,
      headers: { authorization, 'trpc-accept': 'application/jsonl' },
    })
    expect(batch.statusCode).toBe(200)
    expect(batch.headers['transfer-encoding']).toBe('chunked')
    expect(batch.body.trim().split('\n').length).toBeGreaterThan(1)
    expect(batch.body).toContain('"email":"owner')
  })

  it("answers a '%' in a procedure path with 404 and a broken %-escape with 400, never 500", async () => {
    for (const url of ['/trpc/%25', '/trpc/cat.list%25']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
    }
    for (const url of ['/trpc/%E0%A4%A', '/api/supabase/cats/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(400)
      expect(Object.keys(res.json()), url).toEqual(['error', 'code'])
      expect(res.json().error, url).toContain('not a valid url component')
    }
  })

  it('holds a chunked body (no Content-Length) to the same limit on /trpc, with 413', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(3_000_000) })
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signin',
      payload: Readable.from([Buffer.from(big)]),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ error: 'The request is too large', code: 'TOO_LARGE' })
    // A small chunked body still gets through to the procedure.
    const small = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.signinOtp',
      payload: Readable.from([Buffer.from(JSON.stringify({ email: 'chunked@example.com' }))]),
      headers: { 'content-type': 'application/json' },
    })
    expect(small.statusCode).toBe(200)
  })

  it('refuses a body over the limit with 413 in the error shape', async () => {
    const big = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(1_100_000) })
    for (const url of ['/api/supabase/signin-otp', '/trpc/auth.signinOtp']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: big,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.statusCode, url).toBe(413)
      expect(res.json(), url).toEqual({ error: 'The request is too large', code: 'TOO_LARGE' })
    }
  })

  it('answers malformed JSON with 400, never a stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/signin-otp',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'Invalid JSON body', code: 'INVALID_INPUT' })
    expect(res.body).not.toMatch(/at .*\.ts:\d+/)
  })

  it('serves the client with history fallback and the runtime config', async () => {
    for (const url of ['/', '/login', '/cat-assistant', '/some/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url })
      // Unknown paths get the app too (it renders 'Not found'), with the status 404
      // (docs/api.md "The HTTP surface").
      expect(res.statusCode, url).toBe(url === '/some/unknown/page' ? 404 : 200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<meta name="kitty-config"')
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
  })

  it('keeps secrets out of the runtime config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' })
    expect(res.body).not.toContain(t.services.config.JWT_SECRET!)
  })
})

describe('configuration', () => {
  it('has the contract defaults', () => {
    const config = loadConfig({})
    expect(config.PORT).toBe(3000)
    expect(config.HOST).toBe('127.0.0.1')
    expect(config.sessionTtlSeconds).toBe(3600)
    expect(config.STRIPE_PRICE_MONTHLY).toBe('price_monthly')
    expect(config.STRIPE_PRICE_YEARLY).toBe('price_yearly')
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.dataDir).toBe(path.resolve('.data'))
  })

  it('treats empty values as unset, for every variable', () => {
    expect(loadConfig({ DATABASE_URL: '', OPENAI_API_KEY: '' }).DATABASE_URL).toBeUndefined()
    const blank = Object.fromEntries(
      [
        'NODE_ENV',
        'PORT',
        'HOST',
        'DATA_DIR',
        'JWT_SECRET',
        'SESSION_TTL',
        'LOG_LEVEL',
        'CHAT_RATE_PER_MINUTE',
        'GLOBAL_RATE_PER_MINUTE',
        'TRUST_PROXY',
      ].map((name) => [name, '']),
    )
    expect(loadConfig(blank)).toEqual(loadConfig({}))
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info' })
  })

  it('stops start-up with a clear message for bad values', () => {
    expect(() => loadConfig({ PORT: 'eighty', SESSION_TTL: '1 week', DATABASE_URL: 'mysql://x' })).toThrow(
      ConfigError,
    )
    try {
      loadConfig({ PORT: 'eighty', SESSION_TTL: '1 week', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      const message = (error as Error).message
      expect(message).toContain('PORT')
      expect(message).toContain('SESSION_TTL: must be a duration like 30m, 1h or 7d')
      expect(message).toContain('DATABASE_URL: must be a URL like postgresql://')
    }
  })
})

describe('behind a proxy', () => {
  it('reads the proxy settings', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false)
    // `true` trusted the left-most X-Forwarded-For, which the client writes; it stops start-up.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true trusts any X-Forwarded-For.*TRUST_PROXY=1/,
    )
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY: must be a hop count/)
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1,10.0.0.2' }).TRUST_PROXY).toBe('10.0.0.1,10.0.0.2')
  })

  it('takes the client address from X-Forwarded-For only when told to trust the proxy', async () => {
    const trusting = await createTestApp({ env: { TRUST_PROXY: '1' } })
    try {
      const headers = { 'x-forwarded-for': '203.0.113.7' }
      // An API call: routine file and health requests are logged at debug only.
      await trusting.app.inject({ method: 'GET', url: '/api/supabase/cats', headers })
      await t.app.inject({ method: 'GET', url: '/api/supabase/cats', headers })
      const clientOf = (logs: string[]) =>
        logs.map((line) => JSON.parse(line)).findLast((entry) => entry.msg === 'request')?.ip
      // The request line is written once the response has gone out, just after inject() resolves.
      await expect.poll(() => clientOf(trusting.logs)).toBe('203.0.113.7')
      await expect.poll(() => clientOf(t.logs)).toBe('127.0.0.1')
    } finally {
      await trusting.close()
    }
  })
})

describe('tRPC bodies', () => {
  it('refuses anything but JSON with 415 in the error shape', async () => {
    for (const type of ['multipart/form-data; boundary=x', 'application/octet-stream', 'text/plain']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/trpc/auth.signinOtp',
        payload: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@example.com\r\n--x--',
        headers: { 'content-type': type },
      })
      expect(res.statusCode, type).toBe(415)
      expect(res.json()).toEqual({ error: 'Content-Type must be application/json', code: 'JSON_ONLY' })
    }
  })
})

describe('NUL characters', () => {
  it('are refused with 400 on REST bodies, REST paths and tRPC inputs', async () => {
    const { token } = await t.signIn()
    const auth = { authorization: `Bearer ${token}` }
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/supabase/cats',
        headers: auth,
        payload: { name: 'Lu\u0000na' },
      }),
      t.app.inject({ method: 'DELETE', url: '/api/supabase/subscriptions/sub_1%00', headers: auth }),
      t.app.inject({
        method: 'POST',
        url: '/trpc/cat.create',
        headers: auth,
        payload: { name: 'Lu\u0000na' },
      }),
    ])
    for (const res of answers) {
      expect(res.statusCode, `${res.raw.req.url}: ${res.body}`).toBe(400)
      expect(res.json()).toEqual({ error: 'Text must not contain NUL characters', code: 'NUL_CHARACTER' })
    }
  })
})

describe('REST bodies', () => {
  it('refuses a text body with 415 and creates nothing', async () => {
    const { id, token } = await t.signIn()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      payload: 'garbage',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ error: 'Content-Type must be application/json', code: 'JSON_ONLY' })
    expect(await t.db.cat.count({ where: { userId: id } })).toBe(0)
  })
})
