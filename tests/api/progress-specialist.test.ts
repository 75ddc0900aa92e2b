// The specialist knows the log: on a model, its instructions carry the last weights, the
// trend (with the fatty-liver warning when the loss is too fast), the one nutrition rule's food advice,
// and how to offer logging a weight the owner reports (nothing is logged without the owner's confirm).
import { beforeEach, describe, expect, it } from 'vitest'
import { nutritionAdvice } from '../../shared/rules/nutrition.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'
import { logWeights } from '../helpers/weights.ts'

const DAY = 86_400_000
const openai = suiteOpenAiApp()
const t = openai.t
beforeEach(() => openai.double.reset())

async function systemPromptFor(
  content: string,
  cat: { weight: number; targetWeight: number },
  log: number[],
) {
  const {
    api,
    conversation,
    cat: row,
  } = await subscriberInChat(t, {
    cat: { name: 'Mochi', breed: 'Siamese', age: 6, weightUnit: 'Lbs', ...cat },
    subscription: { status: 'active' },
  })
  await logWeights(t.db, row.id, log, 7 * DAY)
  openai.double.setNext({ reply: ['Thanks!'] })
  const stream = await api.conversation.send({
    conversationId: conversation.id,
    content,
    clientId: `u-${row.id}`,
  })
  for await (const _piece of stream) {
    // drain
  }
  const body = openai.double.requests[0]?.body as { messages: Array<{ role: string; content: string }> }
  return { prompt: body.messages[0]?.content ?? '', catId: row.id }
}

describe("the specialist's instructions", () => {
  it('carry the last weights, the trend, the food advice and the offer to log', async () => {
    const { prompt, catId } = await systemPromptFor(
      "she's 13.2 lbs today",
      { weight: 14, targetWeight: 11 },
      [14, 13.9, 13.2],
    )
    expect(prompt).toContain('14 lb')
    expect(prompt).toContain('13.9 lb')
    expect(prompt).toContain('13.2 lb')
    expect(prompt).toContain('Down 0.7 lb (0.3 kg) since last week')
    expect(prompt).toContain('fatty liver disease')
    expect(prompt).toContain(
      nutritionAdvice({ name: 'Mochi', age: 6, weight: 14, target_weight: 11, unit: 'Lbs' }),
    )
    expect(prompt).toContain('Log it')
    // A cat that is not eating gets no diet from the model either: the rule's own not-eating answer.
    expect(prompt).toContain(
      `If the owner says the cat is not eating, give no diet and no calorie cut; say instead: ${nutritionAdvice({ name: 'Mochi', not_eating: true })}`,
    )
    // Nothing is logged from the chat alone.
    expect(await t.db.weightEntry.count({ where: { catId } })).toBe(3)
  })

  it('say so when nothing is logged yet', async () => {
    const { prompt } = await systemPromptFor('hello', { weight: 10, targetWeight: 10 }, [])
    expect(prompt).toContain('No weight is logged yet')
  })
})
