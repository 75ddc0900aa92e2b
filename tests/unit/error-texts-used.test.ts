// Dead entries of the error texts fail the tests, as knip fails dead exports (it does not look inside
// objects): every text of ERRORS and DEFAULT_ERRORS (shared/errors.ts) is read somewhere by its key.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_ERRORS, ERRORS } from '../../shared/errors.ts'

const ROOT = path.join(import.meta.dirname, '../..')

/** The repository's source files (client, server, shared, scripts), as git lists them. */
function sources(): string[] {
  return execFileSync('git', ['ls-files', 'client/src', 'server', 'shared', 'scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs)$/.test(file) && !file.startsWith('server/generated/'))
}

/** The keys of `table` that no source reads as `name.key`. */
function unread(name: string, table: Record<string, string>, texts: string[]): string[] {
  return Object.keys(table).filter((key) => {
    const use = new RegExp(`\\b${name}\\.${key}\\b`)
    return !texts.some((text) => use.test(text))
  })
}

describe('the error texts', () => {
  const texts = sources().map((file) => fs.readFileSync(path.join(ROOT, file), 'utf8'))

  it('are each read by their key somewhere in the source', () => {
    expect(texts.length).toBeGreaterThan(100)
    expect(unread('ERRORS', ERRORS, texts)).toEqual([])
    expect(unread('DEFAULT_ERRORS', DEFAULT_ERRORS, texts)).toEqual([])
  })

  it('would report an entry nothing reads', () => {
    expect(unread('ERRORS', { ...ERRORS, neverShown: 'x' }, texts)).toEqual(['neverShown'])
  })
})
