// `npm run eval`, its HTTP half: a fixed sample of the dev and held-out splits (eval-sample.ts; EVAL_SAMPLE=all
// sends every case, EVAL_SPLIT=dev|holdout one split) through the real chat path (POST /api/openai/chat, a new
// subscriber with the case's cat), against the configured assistant: a real model when OPENAI_BASE_URL and
// OPENAI_API_KEY are set, the OpenAI test double (a model that never escalates, so only the product's own
// triage can warn) with EVAL_ASSISTANT=double, else the offline specialist. On the offline specialist and
// the double every verdict must be the function pass's (triage-pass.ts), which scores the whole corpus
// against the targets (triage.eval.ts); a real model is held to the targets on what it was sent. Prints the
// figures and every failing case, and writes the tables to tests/.artifacts/eval-<mode>.md.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type OpenAiDouble, startOpenAiDouble } from '../doubles/openai-server.ts'
import { createTestApp, type TestApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'
import { catRow, type EvalCase, loadSplit, type Split, selectedSplits, type Urgency } from './eval-cases.ts'
import { fixedSample, sampleSize } from './eval-sample.ts'
import {
  failureList,
  gapTable,
  judge,
  type Mode,
  missed,
  type Outcome,
  type SplitScore,
  score,
  splitTable,
} from './eval-score.ts'
import { DOUBLE_REPLY, passOutcome } from './triage-pass.ts'

const mode: Mode =
  process.env.EVAL_ASSISTANT === 'double'
    ? 'double'
    : process.env.OPENAI_BASE_URL && process.env.OPENAI_API_KEY
      ? 'model'
      : 'offline'
const MODE_NAME = {
  offline: 'offline specialist',
  double: 'OpenAI double (never escalates)',
  model: `model ${process.env.OPENAI_MODEL ?? ''}`.trim(),
}[mode]
/** Cases in flight at once: enough to keep the database busy, few enough not to starve a shared machine. */
const CONCURRENCY = mode === 'model' ? 4 : 12
const splits = selectedSplits()

let double: OpenAiDouble | undefined
let t: TestApp
const scores = new Map<Split, SplitScore>()

beforeAll(async () => {
  let env: Record<string, string> = {}
  if (mode === 'double') {
    double = await startOpenAiDouble()
    double.setDefault({ reply: DOUBLE_REPLY })
    env = { OPENAI_API_KEY: 'test', OPENAI_BASE_URL: double.url }
  } else if (mode === 'model') {
    env = Object.fromEntries(
      ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'].flatMap((key) =>
        process.env[key] ? [[key, process.env[key] as string]] : [],
      ),
    )
  }
  // The eval sends a thousand messages a minute from one address: the flood guard is not what it measures.
  t = await createTestApp({ env: { ...env, GLOBAL_RATE_PER_MINUTE: '1000000' } })
})

afterAll(async () => {
  const dev = scores.get('dev')
  const holdout = scores.get('holdout')
  const sections = [...scores.values()].map((s) => splitTable(s, `Specialist eval on the ${MODE_NAME}`))
  if (dev && holdout) {
    const gap = gapTable(dev, holdout)
    console.log(`\n${gap}\n`)
    sections.push(gap)
  }
  if (sections.length > 0) {
    const file = path.join('tests', '.artifacts', `eval-${mode}.md`)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, `${sections.join('\n\n')}\n`)
  }
  await t?.close()
  await double?.close()
})

/** The case sent turn by turn as the chat sends it, each reply kept in the list: the last reply. */
async function run(c: EvalCase): Promise<Outcome> {
  const { owner, cat } = await subscriberWithCat(t, { cat: catRow(c.cat) })
  for (const name of c.otherCats ?? []) await t.db.cat.create({ data: { userId: owner.id, name } })
  const chosen = c.otherCats ? { catId: cat.id } : {}
  const list: Array<{ role: 'user' | 'assistant'; content: string; id: string }> = []
  let last: { id?: string; message?: string; urgency?: Urgency } = {}
  for (const [index, turn] of c.turns.entries()) {
    list.push({ role: 'user', content: turn, id: `${c.id}-u${index}` })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/openai/chat',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { messages: list, ...chosen },
    })
    last = res.statusCode === 200 ? (res.json() as typeof last) : {}
    if (!last.message) break
    list.push({ role: 'assistant', content: last.message, id: last.id ?? `${c.id}-a${index}` })
  }
  return judge(c, last.urgency ?? null, last.message ?? '', mode)
}

/** Every case, at most CONCURRENCY at a time, in the file's order. */
async function runAll(cases: EvalCase[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = new Array(cases.length)
  let next = 0
  const worker = async () => {
    while (next < cases.length) {
      const index = next++
      outcomes[index] = await run(cases[index] as EvalCase)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return outcomes
}

for (const split of splits) {
  it(`gives the function pass's verdicts on the ${split} sample (${MODE_NAME})`, async () => {
    const cases = fixedSample(loadSplit(split), sampleSize(split))
    const started = Date.now()
    const s = score(split, await runAll(cases))
    scores.set(split, s)
    const seconds = ((Date.now() - started) / 1000).toFixed(0)
    console.log(
      `\n${splitTable(s, `Specialist eval (HTTP sample) on the ${MODE_NAME}`)}\n\n(${seconds} s)\n\n${failureList(s)}\n`,
    )
    if (mode === 'model') {
      expect(missed(s)).toEqual([])
      return
    }
    // The function pass composes the reply as the chat does: the same urgency and the same verdict.
    const differ = s.outcomes.flatMap((o) => {
      const pass = passOutcome(o.case, mode)
      return pass.urgency === o.urgency && pass.pass === o.pass
        ? []
        : [
            `${o.case.id}: HTTP ${o.urgency} ${o.pass ? 'pass' : 'fail'}, function ${pass.urgency} ${pass.pass ? 'pass' : 'fail'}`,
          ]
    })
    expect(differ).toEqual([])
  })
}
