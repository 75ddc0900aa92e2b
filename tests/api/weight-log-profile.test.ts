// A logged weight is the cat's weight: the profile's "Weight" follows the newest entry, in the unit the
// owner used for it (so every weight form and the check-in default to that unit next time), the target
// weight following into that unit; and the vet report keeps one weight a day, the day's latest.
import { describe, expect, it } from 'vitest'
import { progressReport } from '../../server/domain/care/progress-report.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

describe('a logged weight and the profile', () => {
  it("five weights today: the profile's weight is the newest, in its unit; the target follows", async () => {
    const { owner, cat } = await subscriberWithCat(t, { cat: { weightUnit: 'Lbs', targetWeight: 11 } })
    const api = await t.caller(owner.token)
    for (const weight of [5.1, 5.2, 5.3, 5.0])
      await api.progress.logWeight({ cat_id: cat.id, weight, unit: 'Kg' })
    // An older weighing logged last does not replace the newest one.
    await api.progress.logWeight({
      cat_id: cat.id,
      weight: 12,
      unit: 'Lbs',
      measured_at: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    })
    const [profile] = (await api.cat.list()).filter((c) => c.id === cat.id)
    expect([profile?.weight, profile?.unit, profile?.target_weight]).toEqual([5, 'Kg', 5])
  })

  it("a check-in's weight updates the profile, and the next check-in asks in that unit", async () => {
    const { owner, cat } = await subscriberWithCat(t, { cat: { weightUnit: 'Lbs' } })
    const api = await t.caller(owner.token)
    const due = await t.db.checkIn.create({ data: { catId: cat.id, dueAt: new Date(), weighIn: true } })
    await api.care.answerCheckIn({ id: due.id, weight: 3.5, unit: 'Kg' })
    const next = await t.db.checkIn.create({
      data: { catId: cat.id, dueAt: new Date(Date.now() + 60_000), weighIn: true },
    })
    expect((await api.care.checkIn({ id: next.id })).weight_unit).toBe('Kg')
    const row = await t.db.cat.findUniqueOrThrow({ where: { id: cat.id } })
    expect([row.weight, row.weightUnit]).toEqual([3.5, 'Kg'])
  })

  it("the vet report has one weight a day per cat: that day's latest", async () => {
    const { owner, cat } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    const at = (iso: string, weight: number) =>
      api.progress.logWeight({ cat_id: cat.id, weight, unit: 'Lbs', measured_at: iso })
    await at('2026-11-20T08:00:00Z', 10)
    await at('2026-11-20T18:00:00Z', 10.4)
    await at('2026-11-20T12:00:00Z', 10.2)
    await at('2026-11-21T09:00:00Z', 10.1)
    const report = await progressReport(t.db, owner.id, cat.id)
    expect(report.weights.map((w) => [w.measured_at.slice(0, 10), w.weight])).toEqual([
      ['2026-11-20', 10.4],
      ['2026-11-21', 10.1],
    ])
  })
})
