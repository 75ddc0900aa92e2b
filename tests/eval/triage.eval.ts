// `npm run eval`, its function half: every case of the dev split (its file and the writer batches) and of
// the holdout, scored by the function pass (triage-pass.ts: the product's triage and the reply composed as
// the chat composes it, without HTTP) on the offline specialist and on the never-escalating OpenAI double.
// Fails below the targets (eval-score.ts); the HTTP path checks the same verdicts on a sample
// (specialist.eval.ts).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { loadSplit, selectedSplits } from './eval-cases.ts'
import { failureList, gapTable, missed, type SplitScore, score, splitTable } from './eval-score.ts'
import { type PassAssistant, passOutcome } from './triage-pass.ts'

const ASSISTANTS: ReadonlyArray<[PassAssistant, string]> = [
  ['offline', 'offline specialist'],
  ['double', 'OpenAI double (never escalates)'],
]
const scores = new Map<PassAssistant, SplitScore[]>()

afterAll(() => {
  const sections = [...scores].flatMap(([assistant, list]) => {
    const name = ASSISTANTS.find(([a]) => a === assistant)?.[1] ?? assistant
    const dev = list.find((s) => s.split === 'dev')
    const holdout = list.find((s) => s.split === 'holdout')
    return [
      ...list.map((s) => splitTable(s, `Function pass on the ${name}`)),
      ...(dev && holdout ? [gapTable(dev, holdout)] : []),
    ]
  })
  if (sections.length === 0) return
  const file = path.join('tests', '.artifacts', 'eval-function.md')
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, `${sections.join('\n\n')}\n`)
})

for (const [assistant, name] of ASSISTANTS) {
  for (const split of selectedSplits()) {
    it(`meets the targets on the ${split} split (function pass, ${name})`, () => {
      const started = Date.now()
      const s = score(
        split,
        loadSplit(split).map((c) => passOutcome(c, assistant)),
      )
      scores.set(assistant, [...(scores.get(assistant) ?? []), s])
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      console.log(
        `\n${splitTable(s, `Function pass on the ${name}`)}\n\n(${seconds} s)\n\n${failureList(s)}\n`,
      )
      expect(missed(s)).toEqual([])
    })
  }
}
