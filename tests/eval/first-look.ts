// `npm run eval:first-look -- <batch.json>`: a writer batch's first-look score (docs/testing.md, "Writer
// batches"), before anyone reads it. The function pass (triage-pass.ts) scores the file on the offline
// specialist and on the never-escalating OpenAI double; only the figures are printed, never a case, a
// message or a failure, so the batch stays unread until its score is recorded.
import path from 'node:path'
import { loadCaseFile } from './eval-cases.ts'
import { figuresTable, score } from './eval-score.ts'
import { type PassAssistant, passOutcome } from './triage-pass.ts'

const file = process.argv[2]
if (!file) {
  console.error('usage: npm run eval:first-look -- <path to batch.json>')
  process.exit(2)
}
const { cases } = loadCaseFile(path.resolve(file))
const ASSISTANTS: ReadonlyArray<[PassAssistant, string]> = [
  ['offline', 'offline specialist'],
  ['double', 'OpenAI double (never escalates)'],
]
console.log(
  `First look at ${path.basename(file)} (${cases.length} cases), ${new Date().toISOString().slice(0, 10)}\n`,
)
for (const [assistant, name] of ASSISTANTS) {
  const outcomes = cases.map((c) => passOutcome(c, assistant))
  console.log(`${figuresTable(score('dev', outcomes), `First look on the ${name}`)}\n`)
}
