// What the care and dose reminder rows share: the mail relay in a process of its own (smtp-relay.mjs), and
// one in-process job worker configured as the product configures it, measured from the due time until
// every expected mail has arrived: each mail's lateness, the recipients, and the worker process's CPU and
// database statements per mail sent.

import { fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { loadConfig } from '../../server/config.ts'
import { openPostgres } from '../../server/db.ts'
import { startJobs } from '../../server/jobs/index.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices } from '../../server/services/index.ts'
import type { Row } from './lighthouse.ts'

/** The mail relay (smtp-relay.mjs) in its own process: its URL, and each message's recipients and arrival. */
async function startRelay() {
  const child = fork(new URL('./smtp-relay.mjs', import.meta.url), { stdio: 'ignore' })
  const messages: Array<{ to: string[]; receivedAt: number }> = []
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject)
    child.on('message', (m: { port?: number; to?: string[]; receivedAt?: number }) => {
      if (m.port) resolve(m.port)
      else if (m.to && m.receivedAt) messages.push({ to: m.to, receivedAt: m.receivedAt })
    })
  })
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => child.once('exit', () => resolve()).disconnect()),
  }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/**
 * Starts the worker at once (so it can queue what falls due) and waits until `expected` mails arrived or
 * two minutes after `dueAt` passed. Returns the bench's two rows under `label`.
 */
export async function measureReminderWorker(
  databaseUrl: string,
  { label, dueAt, expected, what }: { label: string; dueAt: Date; expected: number; what: string },
): Promise<Row[]> {
  const smtp = await startRelay()
  // Every statement the worker sends (Prisma's pool and pg-boss's both use node-postgres).
  let statements = 0
  const query = pg.Client.prototype.query
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++
    return (query as (...a: unknown[]) => unknown).apply(this, args)
  } as typeof query

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-bench-`))
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://care.example.test',
    LOG_LEVEL: 'warn',
  })
  const database = await openPostgres(databaseUrl)
  const services = await createServices(config, database.prisma, createLogger('warn'))
  // Counted from the worker's start: what it does ahead of the due time (queueing) is part of the cost.
  const cpuBefore = process.cpuUsage()
  const statementsBefore = statements
  const jobs = await startJobs(database, services)
  const deadline = dueAt.getTime() + 120_000
  while (smtp.messages.length < expected && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 250))
  const cpu = process.cpuUsage(cpuBefore)
  const sentStatements = statements - statementsBefore
  await jobs.stop()
  await database.close()
  pg.Client.prototype.query = query
  await smtp.close()
  fs.rmSync(dataDir, { recursive: true, force: true })

  // Per mail sent: a run that sent fewer than all must not look cheaper for it.
  const sent = Math.max(1, smtp.messages.length)
  const lateness = smtp.messages.map((m) => m.receivedAt - dueAt.getTime())
  const unique = new Set(smtp.messages.map((m) => m.to.join())).size
  const last = lateness.length ? Math.max(...lateness) : Number.NaN
  return [
    [
      `${label}: ${expected.toLocaleString('en')} ${what} due in one minute, one instance, local SMTP`,
      `${smtp.messages.length.toLocaleString('en')} sent (${unique.toLocaleString('en')} owners), lateness p50 ${seconds(percentile(lateness, 50))}, p99 ${seconds(percentile(lateness, 99))}, last ${seconds(last)}`,
      'all within 60 s, none twice',
      smtp.messages.length === expected && unique === expected && last <= 60_000,
    ],
    [
      `${label}: cost per reminder (the worker process; the relay runs apart)`,
      `${((cpu.user + cpu.system) / 1000 / sent).toFixed(2)} ms CPU, ${(sentStatements / sent).toFixed(2)} statements`,
      '—',
      null,
    ],
  ]
}
