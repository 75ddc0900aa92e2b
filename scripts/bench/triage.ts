// Bench row: what the product's triage adds to each owner message, normalisation (spelling, stems,
// negation) included, the median over the eval's dev owner messages (tests/eval/dev/cases.json), each
// triaged with the turns before it (docs/triage.md). Target: at most 2 ms per message. Runs alone with
// `npx tsx scripts/bench/triage.ts`.
import { performance } from 'node:perf_hooks'
import { forCat, triageMessage } from '../../server/domain/chat/triage.ts'
import fixture from '../../tests/eval/dev/cases.json' with { type: 'json' }

type Row = [figure: string, measured: string, target: string, met: boolean | null]

const ROUNDS = 20

export function triageRows(): Row[] {
  const messages = fixture.cases.flatMap((c) => c.turns)
  const earlier = [
    { role: 'user' as const, content: "He's straining in the litter box" },
    { role: 'assistant' as const, content: 'Go now.', urgency: 'emergency' as const },
  ]
  // Warm-up: the first calls read the English dictionary and compile the patterns' machine code.
  for (const message of messages) triageMessage(message, { gender: 'Male' }, earlier)
  const times: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const message of messages) {
      const start = performance.now()
      const result = triageMessage(message, { gender: 'Male' }, earlier)
      if (result.escalation) forCat(result.escalation, 'Milo')
      times.push(performance.now() - start)
    }
  }
  times.sort((a, b) => a - b)
  const median = times[Math.floor(times.length / 2)] ?? 0
  const p99 = times[Math.floor(times.length * 0.99)] ?? 0
  return [
    [
      'triage added per owner message, normalisation included (median of the dev messages)',
      `${(median * 1000).toFixed(0)} µs (p99 ${(p99 * 1000).toFixed(0)} µs, ${times.length} calls)`,
      '≤ 2 ms',
      median <= 2,
    ],
  ]
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const row of triageRows()) console.log(`| ${row.join(' | ')} |`)
}
