// The built server's V8 heap by module group, as `npm run bench` prints it at start: each group is
// imported in turn (in the order the server's start-up needs them), the heap collected, and what it
// holds then is the group's. Run after `npm run build:server`, with --expose-gc:
// `node --expose-gc scripts/bench/module-heap.mjs`. Figures are MB of heap used after a full collection.
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const DIST = path.resolve(import.meta.dirname, '../../dist/server/server')
const built = (file) => pathToFileURL(path.join(DIST, file)).href

/** [group, modules]: later groups count only what earlier ones did not load. */
const GROUPS = [
  ['fastify, pino, zod', ['fastify', 'pino', 'zod']],
  ['Prisma client and node-postgres', [built('generated/prisma/client.js'), 'pg', '@prisma/adapter-pg']],
  ['config, database, logger', [built('config.js'), built('db.js'), built('logger.js')]],
  ['triage (concepts, rules, spelling word list)', [built('domain/chat/triage.js')]],
  ['services (mail, payments, tokens, assistant)', [built('services/index.js')]],
  ['routers (every procedure)', [built('routers/index.js')]],
  ['app (HTTP plumbing, REST adapter, OpenAPI)', [built('app.js')]],
  ['jobs (pg-boss, reminders)', [built('jobs/index.js')]],
]

const heapMb = () => {
  globalThis.gc()
  globalThis.gc()
  return process.memoryUsage().heapUsed / 2 ** 20
}

const start = heapMb()
let before = start
for (const [group, modules] of GROUPS) {
  for (const name of modules) await import(name)
  const after = heapMb()
  console.log(`${group.padEnd(48)} ${(after - before).toFixed(1).padStart(5)} MB`)
  before = after
}
const rss = process.memoryUsage().rss / 2 ** 20
console.log(
  `${'all of it (heap used; process RSS)'.padEnd(48)} ${(before - start).toFixed(1).padStart(5)} MB; RSS ${rss.toFixed(0)} MB`,
)
