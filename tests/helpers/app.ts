import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { createContextInner, type Services } from '../../server/context.ts'
import type { Db } from '../../server/db.ts'
import { createLogger } from '../../server/logger.ts'
import { createCaller } from '../../server/routers/index.ts'
import { createServices } from '../../server/services/index.ts'
import { freshDatabase } from './database.ts'

export interface TestApp {
  app: FastifyInstance
  services: Services
  db: Db
  /** Every log line the server wrote, for assertions that secrets stay out of them. */
  logs: string[]
  /** A tRPC caller with no HTTP, as an anonymous visitor or with a session token. */
  caller(token?: string | null): Promise<ReturnType<typeof createCaller>>
  /** Creates a user row and a session token for it, without going through sign-in. */
  signIn(
    email?: string,
    names?: { firstName?: string; fullName?: string },
  ): Promise<{ id: number; token: string }>
  close(): Promise<void>
}

let userCounter = 0

/** A whole app on a fresh database, with outside services replaced where the test says so. */
export async function createTestApp(
  options: { env?: Record<string, string>; overrides?: Partial<Services>; clientDir?: string } = {},
): Promise<TestApp> {
  const database = await freshDatabase()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'info',
    ...options.env,
  })
  const logs: string[] = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const log = createLogger(config.LOG_LEVEL, sink)
  const services = await createServices(config, database.prisma, log, options.overrides)
  const app = await buildApp({ services, clientDir: options.clientDir ?? path.join(dataDir, 'no-client') })
  await app.ready()

  return {
    app,
    services,
    db: database.prisma,
    logs,
    caller: async (token) => createCaller(await createContextInner({ services, token })),
    async signIn(email, names = {}) {
      const address = email ?? `owner${++userCounter}-${Date.now()}@example.com`
      const user = await database.prisma.user.upsert({
        where: { email: address },
        update: {},
        create: {
          email: address,
          firstName: names.firstName ?? 'Test',
          fullName: names.fullName ?? 'Test Owner',
        },
      })
      const { token } = await services.tokens.issue(user)
      return { id: user.id, token }
    },
    async close() {
      await app.close()
      await database.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
