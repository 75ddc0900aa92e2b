// A cat with long medical fields answered 400 but was created, so the client's retry made duplicates.
// Everything a cat is answered with is validated before anything is written.
import { describe, expect, it } from 'vitest'
import { MAX_LONG_TEXT, MAX_SHORT_TEXT } from '../../shared/schemas/cat.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

const t = suiteApp(() => createTestApp())

describe('a new cat with the longest medical fields allowed', () => {
  it('is either created and answered 200, or refused with nothing written; a retry makes no duplicate', async () => {
    const owner = await t.signIn()
    const body = {
      cat_name: 'Long record',
      medical_conditions: 'c'.repeat(MAX_SHORT_TEXT),
      medications: 'm'.repeat(MAX_LONG_TEXT),
      dietary_restrictions: 'd'.repeat(MAX_LONG_TEXT),
      medical_history: 'h'.repeat(MAX_LONG_TEXT),
    }
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: body,
    })
    const count = await t.db.cat.count({ where: { userId: owner.id } })
    if (first.statusCode === 200) expect(count).toBe(1)
    else {
      expect(first.statusCode).toBe(400)
      expect(count).toBe(0)
    }
    // Today's answer: stored once and answered, its welcome texts within their 600 characters.
    expect(first.statusCode).toBe(200)
    expect(first.json().recommendations.welcome_message_relevant_response.length).toBeLessThanOrEqual(600)
  })
})
