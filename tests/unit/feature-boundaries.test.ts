// The features boundary (ARCHITECTURE): code in client/src/features/<a>/ may use another
// feature <b> only through its public face, client/src/features/<b>/index.ts. Every import of every file
// under features/ is read (static, dynamic and re-exports, as TypeScript's own pre-processor finds them)
// and resolved against the importing file.
import fs from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const FEATURES = path.join(import.meta.dirname, '../../client/src/features')

/** Every source file under `dir`, recursively. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : []
  })
}

/** The feature a path lies in (its first folder under features/), null outside features/. */
function featureOf(file: string): string | null {
  const relative = path.relative(FEATURES, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null
  const [first, ...rest] = relative.split(path.sep)
  return rest.length > 0 || !/\.\w+$/.test(first ?? '') ? (first ?? null) : null
}

/** A feature's public face: features/<b>/index.ts, or the folder features/<b> itself (which resolves to it). */
function isPublicFace(target: string, feature: string): boolean {
  const folder = path.join(FEATURES, feature)
  return (
    target === folder || target === path.join(folder, 'index') || target === path.join(folder, 'index.ts')
  )
}

/** The imports of `source` (a file at `file`) that reach into another feature past its index.ts. */
function boundaryViolations(file: string, source: string): string[] {
  const own = featureOf(file)
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => {
      const target = path.resolve(path.dirname(file), specifier)
      const other = featureOf(target)
      return other !== null && other !== own && !isPublicFace(target, other)
    })
    .map((specifier) => `${path.relative(FEATURES, file)} imports ${specifier}`)
}

describe('the features boundary', () => {
  it('no feature imports another feature except through its index.ts', () => {
    const files = sourceFiles(FEATURES)
    // The walk found the features (an empty list would pass whatever the code did).
    expect(files.some((file) => featureOf(file) === 'payment')).toBe(true)
    const violations = files.flatMap((file) => boundaryViolations(file, fs.readFileSync(file, 'utf8')))
    expect(violations).toEqual([])
  })

  it('reports a reach past the index, and lets the index, the folder and its own files through', () => {
    const file = path.join(FEATURES, 'payment/PaymentForm.tsx')
    const source = [
      "import { CatSwitcher } from '../household/CatSwitcher.tsx'",
      "export { ProgressReport } from '../progress/ProgressReport.tsx'",
      "const lazy = import('../care/push.ts')",
      "import { CarePlanEditor } from '../care/index.ts'",
      "import { DataSection } from '../account'",
      "import { ThankYou } from './ThankYou.tsx'",
      "import { trpc } from '../../trpc.ts'",
    ].join('\n')
    expect(boundaryViolations(file, source)).toEqual([
      'payment/PaymentForm.tsx imports ../household/CatSwitcher.tsx',
      'payment/PaymentForm.tsx imports ../progress/ProgressReport.tsx',
      'payment/PaymentForm.tsx imports ../care/push.ts',
    ])
  })
})
