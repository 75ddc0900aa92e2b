// The check-in in the chat: the e-mail's link opens the chat on the check-in, Dr. Olivia opens
// it with the day's plan (asking for the weight on a weigh-in day), and a weight the owner writes there
// marks it done and lands in the weight log.
import { describe, expect, it } from 'vitest'
import { weightMention } from '../../shared/rules/weight-mention.ts'
import { suiteApp } from '../helpers/app.ts'
import { sendInChat, subscriberInChat } from '../helpers/subscribers.ts'

const t = suiteApp()

async function chatWithOpenCheckIn(weighIn: boolean) {
  const chat = await subscriberInChat(t, { cat: { name: 'Nori', foodBowls: 2, treats: 2, playtime: 30 } })
  const checkIn = await t.db.checkIn.create({
    data: { catId: chat.cat.id, dueAt: new Date(Date.now() - 60_000), sentAt: new Date(), weighIn },
  })
  return { ...chat, checkIn }
}

describe('GET /api/care/check-ins/{id}', () => {
  it("opens with the day's plan and asks for the weight on a weigh-in day", async () => {
    const { user, checkIn } = await chatWithOpenCheckIn(true)
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/care/check-ins/${checkIn.id}`,
      headers: { authorization: `Bearer ${user.token}` },
    })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.check_in).toMatchObject({ id: checkIn.id, status: 'due', weigh_in: true })
    expect(body.cat_name).toBe('Nori')
    expect(body.opening).toContain("Nori's check-in")
    // Nori has no weight yet: the opening asks for it rather than a figure from answers never given.
    expect(body.opening).toContain("Food: Add Nori's weight to see the plan.")
    expect(body.opening).not.toContain('cups')
    expect(body.opening).toContain('how much does Nori weigh today?')
  })

  it('does not ask for a weight on other days; another owner gets 404', async () => {
    const { user, checkIn } = await chatWithOpenCheckIn(false)
    const api = await t.caller(user.token)
    // No weigh-in asked (the food line may still ask for a first weight, which is not a weigh-in).
    expect((await api.care.checkIn({ id: checkIn.id })).opening).not.toMatch(/weigh-in|weigh today/i)
    const other = await t.signIn()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/care/check-ins/${checkIn.id}`,
      headers: { authorization: `Bearer ${other.token}` },
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('a weight written in the chat', () => {
  it('marks the open check-in done and logs the weight', async () => {
    const { api, conversation, cat, checkIn } = await chatWithOpenCheckIn(true)
    await sendInChat(
      { api, conversation },
      { catId: cat.id, content: 'She is 9.8 lbs today and ate everything', clientId: 'c-weight-1' },
    )
    const row = await t.db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })
    expect(row).toMatchObject({ status: 'done', weight: 9.8, unit: 'Lbs' })
    expect(await t.db.weightEntry.findMany({ where: { catId: cat.id } })).toMatchObject([
      { weight: 9.8, unit: 'Lbs', source: 'chat' },
    ])
  })

  it("logs the weighing once when the owner also presses the thread's 'Log it' for the same message", async () => {
    const { api, conversation, cat } = await chatWithOpenCheckIn(true)
    await sendInChat(
      { api, conversation },
      { catId: cat.id, content: 'Nori is 9.6 lbs this morning', clientId: 'c-weight-4' },
    )
    const offered = await api.progress.logWeight({ cat_id: cat.id, weight: 9.6, unit: 'Lbs', source: 'chat' })
    const log = await t.db.weightEntry.findMany({ where: { catId: cat.id } })
    expect(log).toMatchObject([{ weight: 9.6, unit: 'Lbs', source: 'chat' }])
    expect(offered.id).toBe(log[0]!.id)
  })

  it.each([
    ['a message with no weight', 'She played for 20 minutes', 'c-weight-2'],
    [
      'a change of weight or a target is not a weighing:',
      'She lost 2 lbs since spring and the vet wants 9 lbs as her goal',
      'c-weight-3',
    ],
  ])('%s the check-in stays open, nothing is logged', async (_what, content, clientId) => {
    const { api, conversation, cat, checkIn } = await chatWithOpenCheckIn(true)
    await sendInChat({ api, conversation }, { catId: cat.id, content, clientId })
    expect((await t.db.checkIn.findUniqueOrThrow({ where: { id: checkIn.id } })).status).toBe('due')
    expect(await t.db.weightEntry.count({ where: { catId: cat.id } })).toBe(0)
  })

  it('reads weights in either unit and ignores implausible ones', () => {
    expect(weightMention('4,2 kg')).toEqual({ weight: 4.2, unit: 'Kg' })
    expect(weightMention('about 11 pounds')).toEqual({ weight: 11, unit: 'Lbs' })
    expect(weightMention('99 lbs')).toBeNull()
    expect(weightMention('she ate 2 cups')).toBeNull()
  })
})
