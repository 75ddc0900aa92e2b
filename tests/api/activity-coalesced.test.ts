// The activity list cannot be flooded (docs/household.md "Activity"): edits of one record by one person
// within ACTIVITY_COALESCE_MINUTES are one "Changed …" entry, moved to the top with the newest name, on
// both surfaces; edits of another record, or by another person, are entries of their own.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

describe('the activity list', () => {
  it('keeps one "Changed …" per record and person however many edits come in a burst', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const cat = await api.cat.create({ name: 'Milo' })
    const pill = await api.record.addMedication({ cat_id: cat.id, name: 'Pill', dose: '1', times: ['08:00'] })
    const drops = await api.record.addMedication({
      cat_id: cat.id,
      name: 'Drops',
      dose: '1',
      times: ['09:00'],
    })
    for (let i = 0; i < 60; i++) {
      if (i % 2 === 0) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/care/medications/${pill.id}`,
          headers: { authorization: `Bearer ${owner.token}` },
          payload: { dose: `${i} ml` },
        })
        expect(res.statusCode).toBe(200)
      } else {
        await api.record.updateMedication({ id: pill.id, name: `Pill ${i}` })
      }
    }
    await api.record.updateMedication({ id: drops.id, dose: '2' })

    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/household/activity?cat_id=${cat.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(rest.statusCode).toBe(200)
    const summaries = (rest.json() as Array<{ what: string }>).map((entry) => entry.what)
    expect(summaries).toEqual(['Changed Drops', 'Changed Pill 59', 'Added Drops', 'Added Pill'])
    expect((await api.household.activity({ cat_id: cat.id })).map((e) => e.what)).toEqual(summaries)
    expect(await t.db.careActivity.count({ where: { catId: cat.id } })).toBe(4)
  })
})
