// The safety scoreboard (docs/product.md §11: GET /api/ops/safety, OPERATOR_EMAILS): operators only, everyone
// else 404; escalations by sign and level, follow-ups sent/answered/seen_vet, not_yet reasons, and routine
// answers an owner later took to the vet within 72 h. Seeded straight in the database with set times.
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp, testConfig } from '../helpers/app.ts'

const t = suiteApp(() => createTestApp({ env: { OPERATOR_EMAILS: 'ops@example.com, Chief@Example.com' } }))
const HOUR = 3_600_000
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const at = (iso: string, plusHours = 0) => new Date(Date.parse(iso) + plusHours * HOUR)

async function seed() {
  const owner = await t.signIn()
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Milo' } })
  const other = await t.db.cat.create({ data: { userId: owner.id, name: 'Tom' } })
  const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
  let n = 0
  const exchange = async (
    when: Date,
    reply: { urgency: string; sign?: string },
    catId: number | null = cat.id,
  ) => {
    const question = await t.db.conversationMessage.create({
      data: { conversationId: conversation.id, role: 'user', content: `q${++n}`, catId, createdAt: when },
    })
    return t.db.conversationMessage.create({
      data: {
        conversationId: conversation.id,
        role: 'assistant',
        content: `a${n}`,
        replyToId: question.id,
        urgency: reply.urgency,
        sign: reply.sign ?? null,
        createdAt: new Date(when.getTime() + 1000),
      },
    })
  }
  const followUp = (
    message: { id: number },
    fields: Partial<{
      status: string
      seenVet: string
      reason: string
      finding: string
      sentAt: Date
      answeredAt: Date
    }>,
    catId = cat.id,
  ) =>
    t.db.followUp.create({
      data: {
        userId: owner.id,
        catId,
        conversationId: conversation.id,
        messageId: message.id,
        urgency: 'emergency',
        sign: 'urinary-blockage',
        dueAt: new Date(),
        ...fields,
      },
    })

  // March: a routine answer on the 1st, an emergency on the 2nd, the vet seen on the 2nd.
  const routine = await exchange(at('2026-03-01T10:00:00Z'), { urgency: 'routine' })
  const blocked = await exchange(at('2026-03-02T08:00:00Z'), {
    urgency: 'emergency',
    sign: 'urinary-blockage',
  })
  await exchange(at('2026-03-02T08:05:00Z'), { urgency: 'emergency' }) // kept: no sign, not counted
  await followUp(blocked, {
    status: 'answered',
    seenVet: 'yes',
    finding: 'cystitis',
    sentAt: at('2026-03-02T10:00:00Z'),
    answeredAt: at('2026-03-02T11:00:00Z'),
  })
  // A routine answer a week before the vet visit is too old to count; Tom's answer is another cat.
  await exchange(at('2026-02-20T10:00:00Z'), { urgency: 'routine' })
  await exchange(at('2026-03-01T12:00:00Z'), { urgency: 'routine' }, other.id)
  // More escalations, and follow-ups answered 'not yet' for two reasons and one sent without answer.
  const lily = await exchange(at('2026-03-05T09:00:00Z'), { urgency: 'emergency', sign: 'lilies' })
  const lily2 = await exchange(at('2026-03-06T09:00:00Z'), { urgency: 'emergency', sign: 'lilies' })
  const vomit = await exchange(at('2026-03-07T09:00:00Z'), { urgency: 'urgent', sign: 'vomiting' })
  await followUp(lily, {
    status: 'answered',
    seenVet: 'not_yet',
    reason: 'cost',
    sentAt: at('2026-03-05T11:00:00Z'),
    answeredAt: at('2026-03-05T12:00:00Z'),
  })
  await followUp(lily2, {
    status: 'answered',
    seenVet: 'not_yet',
    reason: 'closed',
    sentAt: at('2026-03-06T11:00:00Z'),
    answeredAt: at('2026-03-06T12:00:00Z'),
  })
  await followUp(vomit, { status: 'sent', sentAt: at('2026-03-08T09:00:00Z') })
  // April: outside the range.
  const april = await exchange(at('2026-04-02T08:00:00Z'), { urgency: 'emergency', sign: 'urinary-blockage' })
  await followUp(april, {
    status: 'answered',
    seenVet: 'yes',
    sentAt: at('2026-04-02T10:00:00Z'),
    answeredAt: at('2026-04-02T11:00:00Z'),
  })
  return { routine }
}

describe('OPERATOR_EMAILS', () => {
  it('is a list of addresses, compared without case; anything else stops start-up', () => {
    expect(testConfig('.', { OPERATOR_EMAILS: ' A@b.example , c@d.example' }).OPERATOR_EMAILS).toEqual([
      'a@b.example',
      'c@d.example',
    ])
    expect(testConfig('.', {}).OPERATOR_EMAILS).toEqual([])
    expect(() => testConfig('.', { OPERATOR_EMAILS: 'ops@example.com, everyone' })).toThrow(/OPERATOR_EMAILS/)
  })
})

describe('GET /api/ops/safety', () => {
  it('is a 404 for everyone but the operators: owners, anonymous visitors', async () => {
    const owner = await t.signIn()
    for (const headers of [bearer(owner.token), {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/ops/safety', headers })
      expect(res.statusCode).toBe(404)
    }
    const chief = await t.signIn('chief@example.com', {}, { proven: true })
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ops/safety', headers: bearer(chief.token) }))
        .statusCode,
    ).toBe(200)
    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/ops/safety?from=soon',
      headers: bearer(ops.token),
    })
    expect(bad.statusCode).toBe(400)
    const backwards = await t.app.inject({
      method: 'GET',
      url: '/api/ops/safety?from=2026-03-31&to=2026-03-01',
      headers: bearer(ops.token),
    })
    expect(backwards.statusCode).toBe(400)
  })

  it('counts escalations, follow-ups and routine answers later taken to the vet in the range (both surfaces)', async () => {
    const { routine } = await seed()
    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ops/safety?from=2026-03-01&to=2026-03-31',
      headers: bearer(ops.token),
    })
    expect(res.statusCode).toBe(200)
    const board = res.json()
    expect(board).toEqual({
      escalations: [
        { sign: 'lilies', urgency: 'emergency', count: 2 },
        { sign: 'urinary-blockage', urgency: 'emergency', count: 1 },
        { sign: 'vomiting', urgency: 'urgent', count: 1 },
      ],
      follow_ups: { sent: 4, answered: 3, seen_vet: 1, not_yet: { cost: 1, closed: 1, better: 0, other: 0 } },
      seen_vet_within_24h: { escalations: 4, seen: 1, share: 0.25 },
      routine_then_vet: [{ message_id: routine.id, finding: null, conversation_id: null }],
      second_reader: { disagreements: [], raised: 0, cases: [] },
    })
    const api = await t.caller(ops.token)
    expect(await api.ops.safety({ from: '2026-03-01', to: '2026-03-31' })).toEqual(board)
  })
})

describe('share seen by a vet within 24 h', () => {
  it('counts followed-up escalations of the range, seen when a "yes" came within 24 h of the reply', async () => {
    const owner = await t.signIn()
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Moss' } })
    const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
    const reply = (createdAt: Date, urgency = 'emergency') =>
      t.db.conversationMessage.create({
        data: {
          conversationId: conversation.id,
          role: 'assistant',
          content: 'go now',
          urgency,
          sign: 'lilies',
          catId: cat.id,
          createdAt,
        },
      })
    const followUp = (message: { id: number }, answeredAt: Date | null, seenVet: string | null) =>
      t.db.followUp.create({
        data: {
          userId: owner.id,
          catId: cat.id,
          conversationId: conversation.id,
          messageId: message.id,
          urgency: 'emergency',
          dueAt: new Date(),
          status: answeredAt ? 'answered' : 'sent',
          seenVet,
          answeredAt,
        },
      })
    const day = (d: number, hour = 10) => at(`2030-06-${String(d).padStart(2, '0')}T00:00:00Z`, hour)
    // Seen exactly 24 h after: counts. Seen 24 h and a minute after: not within.
    await followUp(await reply(day(1)), day(2), 'yes')
    await followUp(await reply(day(2)), new Date(day(3).getTime() + 60_000), 'yes')
    // "Not yet", then asked again and seen within the day: counts once.
    const again = await reply(day(3), 'urgent')
    await followUp(again, day(3, 12), 'not_yet')
    await followUp(again, day(3, 20), 'yes')
    // Not needed; never answered: followed up, not seen.
    await followUp(await reply(day(4)), day(4, 11), 'not_needed')
    await followUp(await reply(day(5)), null, null)
    // An escalation nobody followed up (follow-ups off) is not in the share.
    await reply(day(6))
    // Escalated outside the range (seen or not): not counted.
    await followUp(await reply(at('2030-05-31T23:00:00Z')), day(1, 1), 'yes')
    await followUp(await reply(at('2030-07-01T00:00:00Z')), at('2030-07-01T02:00:00Z'), 'yes')

    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    const api = await t.caller(ops.token)
    const board = await api.ops.safety({ from: '2030-06-01', to: '2030-06-30' })
    expect(board.seen_vet_within_24h).toEqual({ escalations: 5, seen: 2, share: 0.4 })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ops/safety?from=2030-06-01&to=2030-06-30',
      headers: bearer(ops.token),
    })
    expect(res.json().seen_vet_within_24h).toEqual({ escalations: 5, seen: 2, share: 0.4 })
    // A range with no followed-up escalation has no share.
    expect((await api.ops.safety({ from: '2030-08-01', to: '2030-08-31' })).seen_vet_within_24h).toEqual({
      escalations: 0,
      seen: 0,
      share: null,
    })
  })
})

describe('a seeded month', () => {
  it('every figure of March, exactly: each answer and reason, re-asks, edges of the range and of 24 h / 72 h', async () => {
    const ada = await t.signIn()
    const bob = await t.signIn()
    await t.db.user.update({ where: { id: ada.id }, data: { reviewConsentAt: new Date() } })
    const milo = await t.db.cat.create({ data: { userId: ada.id, name: 'Milo' } })
    const nala = await t.db.cat.create({ data: { userId: ada.id, name: 'Nala' } })
    const tom = await t.db.cat.create({ data: { userId: bob.id, name: 'Tom' } })
    const chats = {
      [milo.id]: await t.db.conversation.create({ data: { userId: ada.id } }),
      [nala.id]: await t.db.conversation.create({ data: { userId: ada.id } }),
      [tom.id]: await t.db.conversation.create({ data: { userId: bob.id } }),
    }
    const d = (iso: string) => new Date(`2032-${iso}:00Z`)

    // Every exchange of the month and around it, stored in time order (ids follow time, as in the chat).
    type Exchange = [at: string, cat: { id: number }, urgency: string, sign: string | null]
    const exchanges: Record<string, Exchange> = {
      E0: ['02-27T09:00', milo, 'emergency', 'lilies'], // before the range, answered in it
      R4: ['02-28T09:00', milo, 'routine', null], // routine before the range
      R1: ['03-01T10:00', milo, 'routine', null], // then vet (E1's yes): agreed, linked
      R3: ['03-01T11:00', nala, 'routine', null], // another cat, never seen by a vet
      E1: ['03-02T08:00', milo, 'emergency', 'urinary-blockage'],
      K1: ['03-02T08:05', milo, 'emergency', null], // kept escalation: no sign, not counted
      R6: ['03-02T09:00', milo, 'routine', null], // after the escalation: not a miss
      R2: ['03-03T09:00', tom, 'routine', null], // 73 h before Tom's yes: too old
      R5: ['03-04T09:00', tom, 'routine', null], // then vet (E2's yes), not agreed: counted only
      E2: ['03-05T09:00', tom, 'emergency', 'lilies'],
      E3: ['03-08T09:00', milo, 'urgent', 'vomiting'],
      E4: ['03-10T09:00', tom, 'urgent', 'vomiting'],
      E5: ['03-12T09:00', nala, 'emergency', 'breathing'],
      E6: ['03-14T09:00', milo, 'emergency', 'lilies'],
      E7: ['03-16T09:00', tom, 'urgent', 'vomiting'],
      E9: ['03-20T09:00', tom, 'urgent', 'vomiting'], // follow-ups were off: never asked
      R7: ['03-30T12:00', tom, 'routine', null], // then vet (E11's yes, answered after the range)
      E11: ['03-31T20:00', tom, 'emergency', 'lilies'],
      E8: ['03-31T22:00', milo, 'emergency', 'urinary-blockage'], // follow-up not sent yet
      R8: ['04-01T09:00', tom, 'routine', null], // after the range
      E10: ['04-02T08:00', tom, 'emergency', 'urinary-blockage'], // after the range
    }
    const replies: Record<string, { id: number; createdAt: Date }> = {}
    const ordered = Object.entries(exchanges).sort((x, y) => x[1][0].localeCompare(y[1][0]))
    for (const [name, [when, cat, urgency, sign]] of ordered) {
      const conversationId = chats[cat.id]!.id
      const question = await t.db.conversationMessage.create({
        data: { conversationId, role: 'user', content: `${name}?`, catId: cat.id, createdAt: d(when) },
      })
      replies[name] = await t.db.conversationMessage.create({
        data: {
          conversationId,
          role: 'assistant',
          content: `${name}.`,
          replyToId: question.id,
          urgency,
          sign,
          createdAt: new Date(d(when).getTime() + 1000),
        },
      })
    }
    const followUp = async (
      name: string,
      cat: { id: number },
      f: { sent?: string; answered?: string; seenVet?: string; reason?: string; finding?: string },
    ) =>
      t.db.followUp.create({
        data: {
          userId: cat.id === tom.id ? bob.id : ada.id,
          catId: cat.id,
          conversationId: chats[cat.id]!.id,
          messageId: replies[name]!.id,
          urgency: exchanges[name]![2],
          sign: exchanges[name]![3],
          dueAt: f.sent ? d(f.sent) : d('04-01T00:00'),
          status: f.answered ? 'answered' : f.sent ? 'sent' : 'pending',
          sentAt: f.sent ? d(f.sent) : null,
          answeredAt: f.answered ? d(f.answered) : null,
          seenVet: f.seenVet ?? null,
          reason: f.reason ?? null,
          finding: f.finding ?? null,
        },
      })
    await followUp('E0', milo, {
      sent: '02-27T11:00',
      answered: '03-01T10:00',
      seenVet: 'yes',
      finding: 'ok',
    })
    await followUp('E1', milo, {
      sent: '03-02T10:00',
      answered: '03-02T12:00',
      seenVet: 'yes',
      finding: 'cystitis',
    })
    // Tom's lilies: "not yet" (cost), asked again, seen 25 h after the escalation (not within 24 h).
    await followUp('E2', tom, {
      sent: '03-05T11:00',
      answered: '03-05T11:30',
      seenVet: 'not_yet',
      reason: 'cost',
    })
    await followUp('E2', tom, {
      sent: '03-05T13:00',
      answered: '03-06T10:00',
      seenVet: 'yes',
      finding: 'kidneys fine',
    })
    await followUp('E3', milo, {
      sent: '03-09T09:00',
      answered: '03-09T09:30',
      seenVet: 'not_yet',
      reason: 'closed',
    })
    await followUp('E4', tom, {
      sent: '03-11T09:00',
      answered: '03-11T10:00',
      seenVet: 'not_yet',
      reason: 'better',
    })
    await followUp('E5', nala, {
      sent: '03-12T11:00',
      answered: '03-12T12:00',
      seenVet: 'not_yet',
      reason: 'other',
    })
    await followUp('E6', milo, { sent: '03-14T11:00', answered: '03-14T11:05', seenVet: 'not_needed' })
    await followUp('E7', tom, { sent: '03-17T09:00' })
    await followUp('E8', milo, {})
    await followUp('E11', tom, {
      sent: '03-31T22:00',
      answered: '04-01T08:00',
      seenVet: 'yes',
      finding: 'fine',
    })
    await followUp('E10', tom, { sent: '04-02T10:00', answered: '04-02T11:00', seenVet: 'yes' })

    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    const board = await (await t.caller(ops.token)).ops.safety({ from: '2032-03-01', to: '2032-03-31' })
    expect(board).toEqual({
      escalations: [
        { sign: 'vomiting', urgency: 'urgent', count: 4 }, // E3, E4, E7, E9
        { sign: 'lilies', urgency: 'emergency', count: 3 }, // E2, E6, E11
        { sign: 'urinary-blockage', urgency: 'emergency', count: 2 }, // E1, E8
        { sign: 'breathing', urgency: 'emergency', count: 1 }, // E5
      ],
      follow_ups: {
        sent: 9, // E1, E2 twice, E3, E4, E5, E6, E7, E11
        answered: 8, // E0, E1, E2 twice, E3, E4, E5, E6
        seen_vet: 3, // E0, E1, E2's second
        not_yet: { cost: 1, closed: 1, better: 1, other: 1 },
      },
      // Followed up: E1, E2, E3, E4, E5, E6, E7, E8, E11 (E9 never asked); seen within 24 h: E1, E11.
      seen_vet_within_24h: { escalations: 9, seen: 2, share: 2 / 9 },
      routine_then_vet: [
        { message_id: replies.R1!.id, finding: 'cystitis', conversation_id: chats[milo.id]!.id },
        { message_id: replies.R5!.id, finding: null, conversation_id: null },
        { message_id: replies.R7!.id, finding: null, conversation_id: null },
      ],
      second_reader: { disagreements: [], raised: 0, cases: [] },
    })
    // The same over REST.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ops/safety?from=2032-03-01&to=2032-03-31',
      headers: bearer(ops.token),
    })
    expect(res.json()).toEqual(board)
  })
})
