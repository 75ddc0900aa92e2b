// Bench row: what the second reader (docs/triage.md "The second reader") adds before the first streamed
// token. The real chat path (sendMessage: the message stored, triage, the reading and the reply asked of
// the OpenAI-compatible double over HTTP, the reply's pieces read back) on an embedded database, the
// reply's upstream first token 150 ms away. Measured from the reply upstream's own first token to the first
// piece the owner gets, with the reading answered at once (the floor), as slow as the reply (the usual
// case: they overlap), and raising the level (the reply is asked again: one more round trip, the most it
// may add). Runs alone with `npx tsx scripts/bench/second-reader.ts`.
import os from 'node:os'
import path from 'node:path'
import { loadConfig } from '../../server/config.ts'
import { openPglite } from '../../server/db.ts'
import { sendMessage } from '../../server/domain/chat/send.ts'
import { createLogger } from '../../server/logger.ts'
import { createServices } from '../../server/services/index.ts'
import type { Row } from './lighthouse.ts'
import { type DoubleReading, NOTHING_READ, startOpenAiDouble } from './openai-double.ts'

const UPSTREAM_MS = 150
const SAMPLES = 15
const RAISING: DoubleReading = {
  level: 'urgent',
  sign: 'third eyelid showing',
  evidence: 'third eyelid is showing',
  about_this_cat_now: true,
}

const now = () => performance.timeOrigin + performance.now()
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

export async function secondReaderRows(log: (message: string) => void): Promise<Row[]> {
  log('second reader: added latency before the first token (embedded database, OpenAI double)')
  const upstream = await startOpenAiDouble({ firstTokenDelayMs: UPSTREAM_MS, tokenDelayMs: 5 })
  const database = await openPglite()
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: path.join(os.tmpdir(), `kitty-bench-reader-${process.pid}`),
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
    OPENAI_API_KEY: 'bench',
    OPENAI_BASE_URL: upstream.url,
    LOG_LEVEL: 'silent',
  })
  const logger = createLogger('silent')
  const services = await createServices(config, database.prisma, logger)
  const deps = { db: database.prisma, assistant: services.assistant, streams: services.streams, log: logger }
  try {
    const owner = await database.prisma.user.create({ data: { email: 'reader-bench@example.com' } })
    const cat = await database.prisma.cat.create({ data: { userId: owner.id, name: 'Luna', age: 5 } })
    let n = 0
    // One conversation per message: a raised escalation would otherwise hold the next one open.
    const addedOnce = async (content: string) => {
      const conversation = await database.prisma.conversation.create({ data: { userId: owner.id } })
      const before = upstream.requests.length
      const stream = await sendMessage(deps, owner.id, {
        conversationId: conversation.id,
        catId: cat.id,
        content,
        clientId: `bench-reader-${++n}`,
      })
      let firstPieceAt = 0
      for await (const _piece of stream) if (!firstPieceAt) firstPieceAt = now()
      // The reply the owner read is the last one asked (a raised reading gives up the first).
      const asked = upstream.requests.slice(before).at(-1)
      const upstreamFirst = upstream.requests.slice(before)[0]?.receivedAt
      return asked?.firstTokenAt && upstreamFirst ? firstPieceAt - (upstreamFirst + UPSTREAM_MS) : null
    }
    const phase = async (reading: typeof NOTHING_READ, delayMs: number, content: string) => {
      upstream.setDefaultReading({ json: reading, firstTokenDelayMs: delayMs })
      await addedOnce(content) // warm-up
      const added: number[] = []
      for (let i = 0; i < SAMPLES; i++) {
        const ms = await addedOnce(content)
        if (ms !== null) added.push(ms)
      }
      return median(added)
    }
    const routine = 'What should I feed her and how much?'
    const floor = await phase(NOTHING_READ, 0, routine)
    const overlapped = await phase(NOTHING_READ, UPSTREAM_MS, routine)
    const raised = await phase(RAISING, UPSTREAM_MS, "she's quiet today and her third eyelid is showing")
    const reader = overlapped - floor
    return [
      [
        `second reader's added latency to the first token (reading as slow as the reply, ${UPSTREAM_MS} ms each)`,
        `+${reader.toFixed(1)} ms over a reading answered at once (+${overlapped.toFixed(1)} vs +${floor.toFixed(1)} ms over the reply upstream's first token); raising the level: +${raised.toFixed(1)} ms (its escalation is the first piece)`,
        `≤ one round trip (${UPSTREAM_MS} ms)`,
        reader <= UPSTREAM_MS && raised <= 2 * UPSTREAM_MS + 50,
      ],
    ]
  } finally {
    await upstream.close()
    await database.close()
  }
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const rows = await secondReaderRows((message) => process.stderr.write(`bench: ${message}\n`))
  console.log('| figure | measured | target | met |')
  console.log('|---|---|---|---|')
  for (const [figure, measured, target, met] of rows) {
    console.log(`| ${figure} | ${measured} | ${target} | ${met === null ? '' : met ? 'yes' : '**no**'} |`)
  }
  process.exit(0)
}
