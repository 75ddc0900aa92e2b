// A model's own urgency comes as the reply's first line, `{"urgency":"…"}`, read and removed
// from the stream whatever the pieces' boundaries; a reply without it passes through untouched.
import { describe, expect, it } from 'vitest'
import { withoutUrgencyLine } from '../../server/services/assistant/urgency-line.ts'

async function run(pieces: string[]) {
  const levels: string[] = []
  async function* source() {
    yield* pieces
  }
  const out: string[] = []
  for await (const piece of withoutUrgencyLine(source(), (level) => levels.push(level))) out.push(piece)
  return { text: out.join(''), levels }
}

describe('the urgency line', () => {
  it('is read and removed, split across pieces', async () => {
    expect(await run(['{"urg', 'ency": "urgent"}', '\n\nSee', ' a vet today.'])).toEqual({
      text: 'See a vet today.',
      levels: ['urgent'],
    })
  })

  it('a reply without it passes through as it came', async () => {
    expect(await run(['Hello ', 'there.'])).toEqual({ text: 'Hello there.', levels: [] })
    expect(await run(['{not json}\n', 'text'])).toEqual({ text: '{not json}\ntext', levels: [] })
  })

  it('an unknown level is text, not a level', async () => {
    expect(await run(['{"urgency":"panic"}\nGo.'])).toEqual({ text: '{"urgency":"panic"}\nGo.', levels: [] })
  })

  it('a reply that is only the line gives its level and no text', async () => {
    expect(await run(['{"urgency":"emergency"}'])).toEqual({ text: '', levels: ['emergency'] })
  })
})
