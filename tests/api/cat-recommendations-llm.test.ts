// Recommendations with an LLM configured: its answer is used only when it passes the recommendations
// schema; an invalid answer, an upstream error or a non-JSON answer means the documented rule.
import { beforeEach, describe, expect, it } from 'vitest'
import { recommend } from '../../shared/rules/recommendations.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'

const openai = suiteOpenAiApp({
  env: { OPENAI_API_KEY: 'sk-test-recommendations', OPENAI_MODEL: 'gpt-test' },
})
const t = openai.t
beforeEach(() => openai.double.reset())

const cat = {
  cat_name: 'milo',
  age: 2,
  weight: 9,
  unit: 'lbs',
  activity_level: 'active',
  goals: ['train cat'],
}
const rule = recommend({
  name: 'milo',
  age: 2,
  weight: 9,
  unit: 'Lbs',
  activity_level: 'Active',
  goals: ['Train Cat'],
})

const llmAnswer = {
  food_bowls: 1,
  treats: 4,
  playtime: 45,
  welcome_message_specific_detail: 'Milo is a lively two-year-old who is ready to learn.',
  welcome_message_relevant_response: "We'll turn Milo's energy into short training games.",
}

function ask(payload: unknown = cat) {
  return t.app.inject({
    method: 'POST',
    url: '/api/openai/recommendations',
    payload: payload as Record<string, unknown>,
  })
}

describe('POST /api/openai/recommendations with an LLM', () => {
  it("keeps the nutrition rule's food whatever cups the model says (one rule everywhere)", async () => {
    openai.double.setNext({ json: { ...llmAnswer, food_bowls: 3 } })
    const res = await ask()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...llmAnswer, food_bowls: rule.food_bowls })
  })

  it("keeps the nutrition rule's question, not a model's diet, for a target under 70 % of the weight", async () => {
    const diet = 'Tom gets 160 kcal a day to lose weight at a safe 1 to 2 % a week.'
    openai.double.setNext({ json: { ...llmAnswer, welcome_message_relevant_response: diet } })
    const res = await ask({ cat_name: 'tom', age: 5, weight: 10, target_weight: 4, unit: 'kg' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.welcome_message_relevant_response).not.toContain('160 kcal')
    expect(body.welcome_message_relevant_response).toContain('less than 70 %')
  })

  it("uses the model's answer when it passes the schema, and sends it the cat", async () => {
    openai.double.setNext({ json: llmAnswer })
    const res = await ask()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(llmAnswer)
    expect(openai.double.requests).toHaveLength(1)
    const sent = openai.double.requests[0]!.body as {
      model: string
      messages: Array<{ content: string }>
      response_format: { type: string }
    }
    expect(sent.model).toBe('gpt-test')
    expect(sent.response_format.type).toBe('json_schema')
    expect(sent.messages[0]!.content).toContain('milo')
    expect(sent.messages[0]!.content).toContain('Train Cat')
    // The profile is owner-typed, so it is a fenced JSON block introduced as data.
    const fenced = /```json\n([\s\S]*?)\n```/.exec(sent.messages[0]!.content)
    expect(JSON.parse(fenced?.[1] ?? 'null')).toMatchObject({ name: 'milo' })
    expect(sent.messages[0]!.content).toMatch(/data.{0,40}not instructions/i)
  })

  it.each([
    ['cups outside 1 to 3', { ...llmAnswer, food_bowls: 7 }],
    ['a fraction of a treat', { ...llmAnswer, treats: 2.5 }],
    ['a missing message', { ...llmAnswer, welcome_message_relevant_response: undefined }],
    ['an empty message', { ...llmAnswer, welcome_message_specific_detail: '  ' }],
    ['not an object', ['food_bowls', 1]],
  ])('falls back to the rule for %s', async (_name, json) => {
    openai.double.setNext({ json })
    const res = await ask()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(rule)
  })

  it('falls back to the rule when the upstream fails or answers plain text', async () => {
    openai.double.setNext({ status: 500 })
    expect((await ask()).json()).toEqual(rule)
    openai.double.setNext({ reply: 'Feed him well!' })
    expect((await ask()).json()).toEqual(rule)
  })

  it('stores what the model answered on a new cat', async () => {
    const owner = await t.signIn('llm-owner@example.com')
    openai.double.setNext({ json: llmAnswer })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/cats',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { session_id: 's-llm', ...cat },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().recommendations).toEqual(llmAnswer)
    const row = await t.db.cat.findUniqueOrThrow({ where: { id: res.json().id } })
    expect(row).toMatchObject({ foodBowls: 1, treats: 4, playtime: 45 })
  })

  it('keeps the key out of the logs', async () => {
    openai.double.setNext({ status: 401, message: 'Incorrect API key provided: sk-test-recommendations' })
    await ask()
    expect(t.logs.join('\n')).not.toContain('sk-test-recommendations')
  })
})
