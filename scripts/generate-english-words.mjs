// Writes server/knowledge/english-words.json: every lower-case, letters-only word Hunspell's en_US
// dictionary (dictionary-en, read by nspell) accepts, its affix rules expanded, sorted, one string. The
// triage's spelling check (server/domain/triage/spelling.ts) asks only "is this an English word?", and
// this answers it from 0.7 MB where nspell held about 13 MB (docs/benchmark.md).
// tests/unit/english-words.test.ts fails when the file is not what this script writes now.
// Run: `node scripts/generate-english-words.mjs` after a dictionary-en or nspell upgrade.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const ROOT = path.resolve(import.meta.dirname, '..')
export const ENGLISH_WORDS_FILE = path.join(ROOT, 'server/knowledge/english-words.json')

/** The file's contents as this dictionary and nspell make them. */
export function englishWordsJson() {
  const nspell = require('nspell')
  const folder = path.dirname(require.resolve('dictionary-en'))
  const speller = nspell({
    aff: readFileSync(path.join(folder, 'index.aff')),
    dic: readFileSync(path.join(folder, 'index.dic')),
  })
  // nspell keeps every form its affix rules make as a key of `data`; `correct` then says which of them
  // stand alone (not ONLYINCOMPOUND, not FORBIDDENWORD). Its compound rules only join digits.
  const words = Object.keys(speller.data)
    .filter((word) => /^[a-z]+$/.test(word) && speller.correct(word))
    .sort()
  const { version } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'))
  return `${JSON.stringify(
    {
      source: `dictionary-en ${version} through nspell: every lower-case word it accepts, sorted; written by scripts/generate-english-words.mjs`,
      count: words.length,
      words: `\n${words.join('\n')}\n`,
    },
    null,
    2,
  )}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(ENGLISH_WORDS_FILE, englishWordsJson())
}
