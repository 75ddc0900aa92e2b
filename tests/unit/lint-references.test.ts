// The reference guard (scripts/lint-references.mjs, part of `npm run lint`): a comment that cites the
// specification or the runtime contract outside the repository, or names an issue number, is a breach
// reported by file and line; one that cites docs/ is not. The samples are assembled from pieces so this
// file does not breach the guard itself.
import { describe, expect, it } from 'vitest'
import { findReferenceBreaches } from '../../scripts/lint-references.mjs'

const SECTION = '\u00a7'
const QUOTE = '"'

describe('findReferenceBreaches', () => {
  it('passes comments that cite the docs in the repository', () => {
    const text = [
      `// The navigation guard (docs/product.md ${SECTION}2), the session token (docs/api.md ${QUOTE}Session token${QUOTE}).`,
      '// Cats with the highest id first; the issue here is the order, not a number.',
      "const plan = 'Specialist Plan'",
    ].join('\n')
    expect(findReferenceBreaches(text, 'shared/rules/guard.ts')).toEqual([])
  })

  it('fails a citation of the specification outside the repository, with its file and line', () => {
    const text = ['// One line first.', `// The navigation guard (${'SPEC'} ${SECTION}2).`].join('\n')
    expect(findReferenceBreaches(text, 'shared/rules/guard.ts')).toEqual([
      expect.objectContaining({ file: 'shared/rules/guard.ts', line: 2 }),
    ])
  })

  it('fails a citation of the runtime contract and an issue number', () => {
    const text = [
      `// The care plan (${'CONTRACT'} ${QUOTE}Beyond ...${QUOTE}).`,
      `// Fixed as asked in ${'issue'} #${42}.`,
      `// See ${'Issue'} ${7} for why.`,
    ].join('\n')
    expect(findReferenceBreaches(text).map((breach) => breach.line)).toEqual([1, 2, 3])
  })
})
