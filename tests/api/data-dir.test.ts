// The embedded database's files are the owner's alone (PGlite writes them world-writable).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { openPglite } from '../../server/db.ts'

// Two on-disk PGlite start-ups (initdb and the migrations each): ~12 s apiece on a busy machine, past the
// project's 30 s default.
it('creates the embedded database folder 0700, and tightens an existing one', {
  timeout: 120_000,
}, async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-datadir-'))
  try {
    const fresh = path.join(root, 'new', 'pglite')
    const db = await openPglite(fresh)
    await db.close()
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700)

    const loose = path.join(root, 'loose')
    fs.mkdirSync(loose, { mode: 0o777 })
    fs.chmodSync(loose, 0o777)
    const again = await openPglite(loose)
    await again.close()
    expect(fs.statSync(loose).mode & 0o777).toBe(0o700)
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
})
