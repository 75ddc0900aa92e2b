// The receptionist's interview reads an owner's answer as the chat does (docs/triage.md, "Context"): an
// everyday issue told before paying ("brings it back up sometimes", "hides when guests come") gets no
// "seen by a vet today", an urgent sign still does. Through the real procedures: POST
// /api/openai/interview/check and the tRPC interview.check, on the offline receptionist.
import { describe, expect, it } from 'vitest'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

const question = {
  role: 'assistant' as const,
  content: 'What health or behaviour issues does your cat have?',
}
const check = (content: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/openai/interview/check',
    payload: { field: 'issues_faced', messages: [question, { role: 'user', content }] },
  })

describe("the interview's triage reads an issue in its context", () => {
  it.each([
    'he eats too fast and brings it back up sometimes, also a bit chubby',
    'hairballs now and then, hides when guests come',
    'vomits hairballs now and then and hides from strangers',
    'a bit overweight, throws up hairballs every few weeks, scared of visitors and hides',
    'she scoffs her food then sicks it up, and she hides under the bed whenever the hoover comes out',
  ])('"%s" is answered without an escalation', async (answer) => {
    const res = await check(answer)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).not.toHaveProperty('urgency')
    expect(body).not.toHaveProperty('escalation')
    expect(JSON.stringify(body)).not.toMatch(/seen by a vet today|This could be an emergency/)
  })

  it('an urgent sign told to the receptionist still gets the escalation', async () => {
    const res = await check('he has been vomiting all day and hiding under the bed, he will not come out')
    expect(res.json()).toMatchObject({ urgency: 'urgent', escalation: expect.stringMatching(/vet today/) })
    const described = await check('her belly is pumping with every breath and she sits with her elbows out')
    expect(described.json()).toMatchObject({ urgency: 'emergency' })
  })

  it('the tRPC procedure answers the same', async () => {
    const visitor = await t.caller()
    const everyday = await visitor.interview.check({
      field: 'issues_faced',
      messages: [question, { role: 'user', content: 'hairballs now and then, hides when guests come' }],
    })
    expect(everyday).not.toHaveProperty('escalation')
    const urgent = await visitor.interview.check({
      field: 'issues_faced',
      messages: [
        question,
        { role: 'user', content: 'he keeps straining in the litter box and nothing comes out' },
      ],
    })
    expect(urgent).toMatchObject({ urgency: 'emergency' })
  })
})
