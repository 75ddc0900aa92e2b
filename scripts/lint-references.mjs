// References stay inside the repository: a comment cites docs/product.md, docs/api.md or
// docs/operations.md, never the specification documents that live outside it, and never an issue
// number. `npm run lint` runs this over the tracked sources and fails with file:line for each breach.
//
// The patterns below spell § and the quote as escapes, so this file does not match itself.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const SCANNED = ['server', 'shared', 'client', 'tests', 'scripts', 'prisma', '.ci', 'docs', 'README.md']
const SKIPPED = [/^tests\/eval\/holdout\//, /^server\/generated\//]

const RULES = [
  {
    pattern: /\bSPEC \u00a7/,
    says: 'cites the specification outside the repository; cite docs/product.md §N',
  },
  {
    pattern: /\bCONTRACT(\.md)? \u0022/,
    says: 'cites the runtime contract outside the repository; cite docs/product.md §10/§11, docs/api.md or docs/operations.md',
  },
  {
    pattern: /\bissues?\s*#?\d+/i,
    says: 'names an issue number; say what and why, or point to docs/',
  },
]

/**
 * The breaches in one file's text: each line that cites the outside specification or contract, or
 * names an issue number.
 */
export function findReferenceBreaches(text, file = '<text>') {
  const breaches = []
  text.split('\n').forEach((line, index) => {
    for (const rule of RULES) {
      if (rule.pattern.test(line))
        breaches.push({ file, line: index + 1, text: line.trim(), says: rule.says })
    }
  })
  return breaches
}

function trackedFiles() {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { encoding: 'utf8' })
  return out.split('\0').filter((file) => file !== '' && !SKIPPED.some((skip) => skip.test(file)))
}

function main() {
  const breaches = []
  for (const file of trackedFiles()) {
    let bytes
    try {
      bytes = readFileSync(file)
    } catch {
      continue // listed but absent (deleted in the work tree)
    }
    if (bytes.subarray(0, 8000).includes(0)) continue // binary
    breaches.push(...findReferenceBreaches(bytes.toString('utf8'), file))
  }
  for (const b of breaches) console.error(`${b.file}:${b.line}: ${b.says}\n    ${b.text}`)
  if (breaches.length > 0) {
    console.error(`\n${breaches.length} reference(s) outside the repository (scripts/lint-references.mjs)`)
    process.exitCode = 1
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main()
