// A cat and its care plan are made together in the domain (server/domain/cats/cat-with-plan.ts): one
// transaction, so a failure making the plan leaves no cat; the quiz's rhythm sent again re-plans it.
import { describe, expect, it } from 'vitest'
import { createCatWithPlan, updateCatAndPlan } from '../../server/domain/cats/cat-with-plan.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { suiteGenerousApp } from '../helpers/limits.ts'

const t = suiteGenerousApp()
const fields = { name: 'Tx', breed: 'Siamese', age: 3, weight: 9, check_in_period: 'Weekly' as const }

describe('a new cat and its plan', () => {
  it('leave no cat when making the plan fails', async () => {
    const owner = await t.signIn(freshAddress())
    const failing = {
      ...t.services,
      startPlan: async () => {
        throw new Error('the plan could not be made')
      },
    }
    await expect(
      createCatWithPlan(failing, owner.id, { fields, photo: undefined, sessionId: undefined }),
    ).rejects.toThrow('the plan could not be made')
    expect(await t.db.cat.count({ where: { userId: owner.id } })).toBe(0)
  })

  it('are made together, and the quiz rhythm sent again re-plans the cat', async () => {
    const owner = await t.signIn(freshAddress())
    const { id } = await createCatWithPlan(t.services, owner.id, {
      fields,
      photo: undefined,
      sessionId: undefined,
    })
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId: id } })).checkInPeriod).toBe('Weekly')
    await updateCatAndPlan(t.services, owner.id, id, {
      fields: { check_in_period: 'Daily' },
      photo: undefined,
    })
    expect((await t.db.carePlan.findUniqueOrThrow({ where: { catId: id } })).checkInPeriod).toBe('Daily')
  })
})
