import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { ROOT_DIR } from '../../server/paths.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string
  }
}

/**
 * Browser tests run against a production build of the client, as users get it. Each run builds into
 * its own folder, so parallel runs (and `npm start`'s dist/) never overwrite each other's files.
 */
export default function setup(project: TestProject) {
  const outDir = path.join(ROOT_DIR, 'tests/.artifacts', `client-${crypto.randomBytes(4).toString('hex')}`)
  execFileSync(
    process.execPath,
    [path.join(ROOT_DIR, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', outDir],
    // vitest sets NODE_ENV=test, which would give React's development build.
    { stdio: 'inherit', cwd: ROOT_DIR, env: { ...process.env, NODE_ENV: 'production' } },
  )
  project.provide('clientDir', outDir)
  return () => fs.rmSync(outDir, { recursive: true, force: true })
}
