// The eval's plumbing (docs/testing.md, "The specialist eval"): the HTTP sample is fixed by the cases'
// ids, and a writer batch is checked like a split file whatever its split label.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { type EvalCase, loadCaseFile } from '../eval/eval-cases.ts'
import { fixedSample, sampleSize } from '../eval/eval-sample.ts'

const cases: EvalCase[] = Array.from({ length: 50 }, (_, i) => ({
  id: `s-${i}`,
  family: 'f',
  style: 'plain',
  category: 'everyday',
  cat: { name: 'Luna' },
  turns: ['How often should I brush her?'],
  urgency: 'routine',
}))

describe('the fixed HTTP sample', () => {
  it('is the same cases whatever their order, a smaller sample inside a larger one', () => {
    const sample = fixedSample(cases, 10).map((c) => c.id)
    expect(sample).toHaveLength(10)
    expect(
      fixedSample([...cases].reverse(), 10)
        .map((c) => c.id)
        .sort(),
    ).toEqual([...sample].sort())
    const smaller = fixedSample(cases, 5).map((c) => c.id)
    expect(smaller.every((id) => sample.includes(id))).toBe(true)
    expect(fixedSample(cases, 'all')).toHaveLength(50)
  })

  it('reads EVAL_SAMPLE as a number or all, and refuses anything else', () => {
    expect(sampleSize('dev', undefined)).toBe(240)
    expect(sampleSize('holdout', '25')).toBe(25)
    expect(sampleSize('dev', 'all')).toBe('all')
    expect(() => sampleSize('dev', 'lots')).toThrow(/EVAL_SAMPLE/)
  })
})

describe('a writer batch file', () => {
  const write = (content: unknown) => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'batch-')), '2026-12-02-writer.json')
    fs.writeFileSync(file, JSON.stringify(content))
    return file
  }

  it('takes any split label and the split files’ case format', () => {
    const file = write({ about: 'a writer batch', split: 'first-look', cases: cases.slice(0, 3) })
    expect(loadCaseFile(file).cases.map((c) => c.id)).toEqual(['s-0', 's-1', 's-2'])
  })

  it('names the case and the field when it is malformed, and refuses a repeated id', () => {
    const bad = write({ about: 'x', split: 'b', cases: [{ ...cases[0], urgency: 'soon' }] })
    expect(() => loadCaseFile(bad)).toThrow(/malformed at cases\.0\.urgency/)
    const twice = write({ about: 'x', split: 'b', cases: [cases[0], cases[0]] })
    expect(() => loadCaseFile(twice)).toThrow(/case id s-0 is used twice/)
  })
})
