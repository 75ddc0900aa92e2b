// The safety scoreboard (CONTRACT: GET /api/ops/safety, OPERATOR_EMAILS): operators only, everyone else
// 404; escalations by sign and level, follow-ups sent/answered/seen_vet, not_yet reasons, and routine
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
    const chief = await t.signIn('chief@example.com')
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ops/safety', headers: bearer(chief.token) }))
        .statusCode,
    ).toBe(200)
    const ops = await t.signIn('ops@example.com')
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
    const ops = await t.signIn('ops@example.com')
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
      routine_then_vet: [{ message_id: routine.id, finding: 'cystitis' }],
    })
    const api = await t.caller(ops.token)
    expect(await api.ops.safety({ from: '2026-03-01', to: '2026-03-31' })).toEqual(board)
  })
})
