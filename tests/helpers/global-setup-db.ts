import { execFileSync } from 'node:child_process'

/**
 * With DATABASE_URL: bring that database to the latest migration through the real migrate script
 * (the Wasm schema engine), once. Every test file then clones it as a template (tests/helpers/database.ts).
 */
export default function setup() {
  if (!process.env.DATABASE_URL) return
  execFileSync(process.execPath, ['scripts/migrate.mjs', 'deploy'], { stdio: 'inherit' })
}
