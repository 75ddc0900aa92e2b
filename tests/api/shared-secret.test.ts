// Issue 15: instances that share a database share the signing secret with no setting (it is kept in
// the database), so a token from one works on the other and a code one sends is accepted by the other.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices } from '../../server/services/index.ts'
import { SESSION_CHECK_MS } from '../../server/services/tokens.ts'
import { freshDatabase } from '../helpers/database.ts'
import { mailedCode } from '../helpers/mailed-codes.ts'

let database: Awaited<ReturnType<typeof freshDatabase>>
const instances: { app: FastifyInstance; logs: string[]; dir: string }[] = []

beforeAll(async () => {
  database = await freshDatabase()
  for (let i = 0; i < 2; i++) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-instance-'))
    // No JWT_SECRET, and each instance its own DATA_DIR: only the database is shared.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, LOG_LEVEL: 'info' })
    const logs: string[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk))
        done()
      },
    })
    const log = createLogger(config.LOG_LEVEL, sink)
    const services = await createServices(config, database.prisma, log)
    const app = await buildApp({ services, clientDir: path.join(dir, 'no-client') })
    await app.ready()
    instances.push({ app, logs, dir })
  }
})
afterAll(async () => {
  for (const { app, dir } of instances) {
    await app.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  await database?.close()
})

describe('two instances on one database, JWT_SECRET unset', () => {
  it('accept each other’s codes and tokens', async () => {
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]]
    const email = `shared-${Date.now()}@example.com`
    const sent = await one.app.inject({ method: 'POST', url: '/api/supabase/signin-otp', payload: { email } })
    expect(sent.statusCode).toBe(200)
    const code = mailedCode(one.logs, email)
    const verified = await two.app.inject({
      method: 'POST',
      url: '/api/supabase/verify-otp',
      payload: { email, token: code, type: 'email' },
    })
    expect(verified.statusCode).toBe(200)
    const token = verified.json().session.access_token as string
    for (const instance of instances) {
      const cats = await instance.app.inject({
        method: 'GET',
        url: '/api/supabase/cats',
        headers: { authorization: `Bearer ${token}` },
      })
      expect(cats.statusCode).toBe(200)
    }
    // Logout on the second: it refuses the token at once, the first within its 5 s session cache.
    const headers = { authorization: `Bearer ${token}` }
    expect((await two.app.inject({ method: 'POST', url: '/api/supabase/logout', headers })).statusCode).toBe(
      200,
    )
    expect((await two.app.inject({ method: 'GET', url: '/api/supabase/cats', headers })).statusCode).toBe(401)
    const started = Date.now()
    await expect
      .poll(
        async () => (await one.app.inject({ method: 'GET', url: '/api/supabase/cats', headers })).statusCode,
        {
          timeout: SESSION_CHECK_MS + 2000,
          interval: 250,
        },
      )
      .toBe(401)
    expect(Date.now() - started).toBeLessThanOrEqual(SESSION_CHECK_MS + 2000)
  })
})
