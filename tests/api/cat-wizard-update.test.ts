// The numbered wizard's "update" of a cat the owner has, on a real database: the new answers
// refresh the cat's daily suggestions and its care plan (rhythm, training days, next check-in), while the
// cat's check-ins, weights and conversation stay, and so do the owner's own reminder settings.
import { describe, expect, it } from 'vitest'
import { recommend } from '../../shared/rules/recommendations.ts'
import type { CreateCatInput } from '../../shared/schemas/cat.ts'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

/** The quiz's answers of a first run: an overweight, inactive cat checked in on weekly. */
const FIRST: CreateCatInput = {
  session_id: 'wizard-session',
  cat_name: 'Luna',
  gender: 'Female',
  breed: 'Persian',
  age: 8,
  weight: 16,
  unit: 'Lbs',
  target_weight: 12,
  activity_level: 'Mostly Inactive',
  issues_faced: ['Overeating'],
  goals: ['Lose Weight'],
  check_in_period: 'Weekly',
  training_days: ['Thursday'],
}

/** The second run's answers, as step 13 sends them for an update (no session, no photo). */
const SECOND = {
  name: 'Luna Rose',
  gender: 'Female',
  breed: 'Persian',
  age: 2,
  weight: 9,
  unit: 'Lbs',
  target_weight: 9,
  activity_level: 'Very Active',
  issues_faced: ['Scratching Furniture'],
  goals: ['Increase Playtime'],
  check_in_period: 'Daily',
  training_days: ['Monday', 'Wednesday'],
}

async function ownerWithLuna() {
  const owner = await t.signIn()
  const api = await t.caller(owner.token)
  const { id } = await api.cat.create(FIRST)
  // What the cat has gathered since: the owner's reminder settings, a weight, a check-in, a conversation.
  await api.care.updatePlan({ cat_id: id, reminder_time: '07:30', channels: { email: false, push: true } })
  await t.db.weightEntry.create({ data: { catId: id, weight: 15, unit: 'Lbs', measuredAt: new Date() } })
  await t.db.checkIn.create({ data: { catId: id, dueAt: new Date(), status: 'answered' } })
  const conversation = await api.conversation.create({})
  await api.conversation.update({
    id: conversation.id,
    messages: [{ role: 'user', content: 'Hello', id: 'hello-1' }],
  })
  return { owner, api, id }
}

describe("the wizard's update of a cat", () => {
  it("refreshes the cat's daily suggestions from the new answers", async () => {
    const { api, id } = await ownerWithLuna()
    const before = await api.cat.get({ id })
    const updated = await api.cat.update({ id, ...SECOND })
    // The offline assistant's recommendations are the documented rule, on the new answers.
    const expected = recommend({ ...SECOND, name: SECOND.name })
    expect(expected.playtime).not.toBe(before.playtime)
    expect({
      food_bowls: updated.food_bowls,
      treats: updated.treats,
      playtime: updated.playtime,
      welcome_message_specific_detail: updated.welcome_message_specific_detail,
      welcome_message_relevant_response: updated.welcome_message_relevant_response,
    }).toEqual(expected)
    expect(updated.welcome_message_specific_detail).toContain('Luna Rose')
    expect(await api.cat.get({ id })).toMatchObject({ playtime: expected.playtime, treats: expected.treats })
  })

  it('recomputes the care plan from the new rhythm and days, keeping the reminder settings', async () => {
    const { api, id } = await ownerWithLuna()
    const before = await api.care.plan({ cat_id: id })
    expect(before).toMatchObject({ check_in_period: 'Weekly', training_days: ['Thursday'] })
    await api.cat.update({ id, ...SECOND })
    const after = await api.care.plan({ cat_id: id })
    expect(after).toMatchObject({
      check_in_period: 'Daily',
      training_days: ['Monday', 'Wednesday'],
      reminder_time: '07:30',
      channels: { email: false, push: true },
      paused: false,
    })
    // Daily: the next check-in is the next 07:30 (UTC, the owner's zone), within a day.
    const next = new Date(after.next_check_in_at ?? '')
    expect(next.getTime() - Date.now()).toBeGreaterThan(0)
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600 * 1000)
    expect(next.toISOString().slice(11, 16)).toBe('07:30')
  })

  it("keeps the cat's check-ins, weights and conversation", async () => {
    const { owner, api, id } = await ownerWithLuna()
    await api.cat.update({ id, ...SECOND })
    expect(await t.db.weightEntry.count({ where: { catId: id } })).toBe(1)
    expect(await t.db.checkIn.count({ where: { catId: id } })).toBe(1)
    const messages = await t.db.conversationMessage.count({ where: { conversation: { userId: owner.id } } })
    expect(messages).toBe(1)
    expect(await t.db.cat.count({ where: { userId: owner.id } })).toBe(1)
  })

  it('keeps a paused plan paused, with no next check-in', async () => {
    const { api, id } = await ownerWithLuna()
    await api.care.updatePlan({ cat_id: id, paused: true })
    await api.cat.update({ id, ...SECOND })
    expect(await api.care.plan({ cat_id: id })).toMatchObject({
      check_in_period: 'Daily',
      paused: true,
      next_check_in_at: null,
    })
  })

  it("leaves the suggestions and the plan alone when a change touches neither (the profile's breed)", async () => {
    const { api, id } = await ownerWithLuna()
    const before = await api.cat.get({ id })
    const plan = await api.care.plan({ cat_id: id })
    const updated = await api.cat.update({ id, breed: 'Siamese' })
    expect(updated).toMatchObject({
      breed: 'Siamese',
      food_bowls: before.food_bowls,
      treats: before.treats,
      playtime: before.playtime,
      welcome_message_specific_detail: before.welcome_message_specific_detail,
    })
    expect(await api.care.plan({ cat_id: id })).toEqual(plan)
  })
})
