#!/usr/bin/env node
// `npm start`: build what is missing or out of date, apply migrations, then run ONE server that serves
// the web app, tRPC and the REST adapter, through the supervisor (scripts/supervise.mjs), which restarts
// it if it dies and passes signals on so the server can drain and close.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { supervise } from './supervise.mjs'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)

/** Newest modification time of any file under the given folders. */
function newest(dirs) {
  let latest = 0
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else latest = Math.max(latest, fs.statSync(full).mtimeMs)
    }
  }
  dirs.forEach(walk)
  return latest
}

function stale(output, sources) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newest(sources)
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
// A checkout builds what is missing or stale. The Docker runtime image holds only the built output (no
// server/ or client/ sources), so there is nothing to build or generate there.
if (fs.existsSync('server')) {
  // npm ci generates the Prisma client (postinstall); an install with --ignore-scripts or a `git clean`
  // leaves it missing.
  if (!fs.existsSync('server/generated/prisma/client.ts')) {
    console.log('Generating the Prisma client…')
    run(npx, ['prisma', 'generate'])
  }
  if (stale('dist/client/index.html', ['client', 'shared'])) {
    console.log('Building the web app…')
    run(npx, ['vite', 'build', '--logLevel', 'warn'])
  }
  if (stale('dist/server/server/main.js', ['server', 'shared'])) {
    console.log('Building the server…')
    run(npx, ['tsc', '-p', 'tsconfig.server.json'])
  }
}
if (process.env.DATABASE_URL) run(process.execPath, ['scripts/migrate.mjs', 'deploy'])
// Without DATABASE_URL the server opens embedded PostgreSQL and applies the migrations itself.

supervise(path.join(root, 'dist/server/server/main.js'))
