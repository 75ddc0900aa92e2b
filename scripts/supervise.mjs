#!/usr/bin/env node
// Keeps ONE server process running: `npm start` (scripts/start.mjs) and the Docker image start the built
// server through this. If the server dies (a crash, the kernel's OOM killer, a kill -9), it is started
// again after a pause that doubles from 1 s up to 30 s while it keeps dying young, with one log line
// saying why. This is a safety net: bursts within the declared limits must not crash the server.
// SIGTERM and SIGINT are passed on, and the supervisor exits with the server's own code.
// Usage: node scripts/supervise.mjs <path/to/main.js>
import { spawn } from 'node:child_process'
import path from 'node:path'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-node-flags.mjs'

/** The server's exit code for a configuration it refuses (server/main.ts): restarting cannot help. */
export const CONFIG_ERROR_EXIT_CODE = 78
const FIRST_BACKOFF_MS = 1_000
const MAX_BACKOFF_MS = 30_000
/** A server that ran this long was healthy: the next restart waits FIRST_BACKOFF_MS again. */
const HEALTHY_RUN_MS = 60_000

function why(code, signal) {
  if (signal === 'SIGKILL') return 'killed by SIGKILL (kill -9 or the out-of-memory killer)'
  if (signal) return `killed by ${signal}`
  if (code === 134) return 'exit code 134 (aborted: V8 out of memory or a fatal error)'
  return `exit code ${code}`
}

/** Runs `mainJs` with the production flags; restarts it when it dies. Resolves never; exits with it. */
export function supervise(mainJs, { log = (line) => console.error(line) } = {}) {
  let child = null
  let stopping = false
  let backoff = FIRST_BACKOFF_MS
  let restarts = 0

  const start = () => {
    const startedAt = Date.now()
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, mainJs], { stdio: 'inherit', env: SERVER_ENV })
    child.on('exit', (code, signal) => {
      child = null
      if (stopping) process.exit(code ?? (signal ? 1 : 0))
      if (code === 0 || code === CONFIG_ERROR_EXIT_CODE) process.exit(code)
      if (Date.now() - startedAt >= HEALTHY_RUN_MS) backoff = FIRST_BACKOFF_MS
      restarts++
      log(
        `[supervisor] the server stopped unexpectedly (${why(code, signal)}); restarting in ${backoff / 1000} s (restart ${restarts})`,
      )
      setTimeout(start, backoff)
      backoff = Math.min(MAX_BACKOFF_MS, backoff * 2)
    })
  }
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      stopping = true
      if (child) child.kill(signal)
      else process.exit(0)
    })
  }
  start()
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const mainJs = process.argv[2]
  if (!mainJs) {
    console.error('usage: node scripts/supervise.mjs <path/to/main.js>')
    process.exit(2)
  }
  supervise(path.resolve(mainJs))
}
