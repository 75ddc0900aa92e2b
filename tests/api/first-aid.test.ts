// The first-aid guide (docs/first-aid.md): served at GET /api/first-aid as the knowledge file says, each
// situation with three or four steps, what not to do, when to go now and its sources; the file is
// refused at start-up when a situation names an urgent sign that is no rule, repeats one, or has too
// many steps; and an urgent reply carries the situation of the sign that escalated it, on the stream's
// end and in the conversation's history, through the real chat path.
import { describe, expect, it } from 'vitest'
import firstAidFile from '../../server/knowledge/first-aid.json' with { type: 'json' }
import { firstAidSchema, firstAidSituationFor } from '../../server/knowledge/first-aid.ts'
import { checkKnowledgeFile, URGENT_SIGNS } from '../../server/knowledge/index.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp()

const CAT_SPECIFIC = [
  'not-passing-urine',
  'lily',
  'open-mouth-breathing',
  'string',
  'balcony-fall',
  'back-leg-paralysis',
]

describe('GET /api/first-aid', () => {
  it('answers every situation, signed out, with steps, donts, when to go now and dated sources', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/first-aid' })
    expect(res.statusCode).toBe(200)
    const guide = res.json()
    expect(guide.reviewed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(guide.situations.length).toBeGreaterThanOrEqual(25)
    const ids = guide.situations.map((s: { id: string }) => s.id)
    expect(ids).toEqual(expect.arrayContaining([...CAT_SPECIFIC, 'cpr', 'heatstroke', 'seizure']))
    for (const situation of guide.situations) {
      expect(situation.act.length, situation.id).toBeGreaterThanOrEqual(3)
      expect(situation.act.length, situation.id).toBeLessThanOrEqual(4)
      expect(situation.dont.length, situation.id).toBeGreaterThanOrEqual(1)
      expect(situation.go_now.length, situation.id).toBeGreaterThan(10)
      expect(situation.sources.length, situation.id).toBeGreaterThanOrEqual(1)
    }
    expect(guide.poison_lines.map((line: { phone: string }) => line.phone)).toEqual([
      '(888) 426-4435',
      '(855) 764-7661',
    ])
  })

  it('says the three never-dos the guide must say', async () => {
    const guide = (await t.app.inject({ method: 'GET', url: '/api/first-aid' })).json()
    const dont = (id: string) =>
      guide.situations.find((s: { id: string }) => s.id === id).dont.join(' ') as string
    expect(dont('string')).toMatch(/Never pull the string/)
    expect(dont('human-painkillers')).toMatch(/Never give a cat any human painkiller/)
    expect(dont('heatstroke')).toMatch(/Don't wrap an overheated cat/)
    const cpr = guide.situations.find((s: { id: string }) => s.id === 'cpr')
    expect(cpr.cpr).toBe(true)
    expect(cpr.act.join(' ')).toMatch(/100 to 120 times a minute/)
    expect(cpr.act.join(' ')).toMatch(/30 compressions/)
  })
})

describe('the knowledge file is checked at start-up', () => {
  type Editable = { situations: Array<{ signs: string[]; act: string[]; sources: unknown[] }> }
  const broken = (change: (file: Editable) => void) => {
    const copy = structuredClone(firstAidFile) as unknown as Editable
    change(copy)
    return () => checkKnowledgeFile('first-aid.json', firstAidSchema, copy)
  }

  it('refuses an urgent sign that is no rule, and one named by two situations', () => {
    expect(broken((file) => file.situations[0]!.signs.push('no-such-sign'))).toThrow(
      /first-aid\.json[\s\S]*unknown urgent sign no-such-sign/,
    )
    expect(broken((file) => file.situations[1]!.signs.push(file.situations[0]!.signs[0]!))).toThrow(
      /urinary-blockage is in not-passing-urine and lily/,
    )
  })

  it('refuses a fifth step and a situation with no source', () => {
    const fifth = (file: Editable) => {
      const act = file.situations[0]!.act
      while (act.length < 5) act.push('One more step than anyone can read in a hurry.')
    }
    expect(broken(fifth)).toThrow(/first-aid\.json/)
    expect(broken((file) => (file.situations[0]!.sources = []))).toThrow(/first-aid\.json/)
  })

  it('maps the urgent-sign families to their situations', () => {
    expect(firstAidSituationFor('urinary-blockage')).toBe('not-passing-urine')
    expect(firstAidSituationFor('lilies')).toBe('lily')
    expect(firstAidSituationFor('lily-pollen-unknown')).toBe('lily')
    expect(firstAidSituationFor('breathing-effort')).toBe('open-mouth-breathing')
    expect(firstAidSituationFor('swallowed-object')).toBe('string')
    expect(firstAidSituationFor('painkillers')).toBe('human-painkillers')
    expect(firstAidSituationFor('diabetic-crisis')).toBe('low-blood-sugar')
    expect(firstAidSituationFor('chocolate')).toBe('poisoning')
    expect(firstAidSituationFor(null)).toBeNull()
    // Every emergency-level poison rule has its page.
    for (const rule of URGENT_SIGNS.rules.filter((r) => r.toxin && r.level === 'emergency')) {
      expect(firstAidSituationFor(rule.id), rule.id).not.toBeNull()
    }
  })
})

describe('an urgent reply links to its situation', () => {
  it('the stream ends with the situation, and the history carries it; a routine reply none', async () => {
    const chat = await subscriberInChat(t, { cat: { name: 'Milo', gender: 'Male', age: 6 } })
    const stream = await chat.api.conversation.send({
      conversationId: chat.conversation.id,
      catId: chat.cat.id,
      content: 'in and out of the tray, only a couple of drops each time',
      clientId: 'q1',
    })
    const iterator = stream[Symbol.asyncIterator]()
    let end: unknown
    for (;;) {
      const next = await iterator.next()
      if (next.done) {
        end = next.value
        break
      }
    }
    expect(end).toEqual({ urgency: 'emergency', first_aid: 'not-passing-urine' })
    const page = await chat.api.conversation.history({ id: chat.conversation.id })
    const reply = page.messages.find((m) => m.role === 'assistant')
    expect(reply).toMatchObject({ urgency: 'emergency', first_aid: 'not-passing-urine' })

    // Seen by the vet, the conversation is routine again: the next answer links to nothing.
    for (const [clientId, content] of [
      ['q2', 'The vet saw him this afternoon, he is fine'],
      ['q3', 'What toys does he like?'],
    ] as const) {
      const pieces = await chat.api.conversation.send({
        conversationId: chat.conversation.id,
        catId: chat.cat.id,
        content,
        clientId,
      })
      for await (const _ of pieces) {
        // read to its end
      }
    }
    const after = await chat.api.conversation.history({ id: chat.conversation.id })
    const last = after.messages.filter((m) => m.role === 'assistant').at(-1)
    expect(last?.urgency).toBe('routine')
    expect(last).not.toHaveProperty('first_aid')
  })
})
