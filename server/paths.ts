import fs from 'node:fs'
import path from 'node:path'

/** The repository root, found from this file whether it runs from server/ (tsx) or dist/server/server/ (built). */
function findRoot(from: string): string {
  let dir = from
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`package.json not found above ${from}`)
    dir = parent
  }
  return dir
}

export const ROOT_DIR = findRoot(import.meta.dirname)
export const CLIENT_DIST_DIR = path.join(ROOT_DIR, 'dist/client')
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'prisma/migrations')
