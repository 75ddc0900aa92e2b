// The specialist knows the cat's current medications from the health record, as data, and its
// instructions forbid suggesting a dose change; an ended medication is not in them.
import { beforeEach, describe, expect, it } from 'vitest'
import { MEDICATION_RULE } from '../../server/services/assistant/openai-prompts.ts'
import { suiteOpenAiApp } from '../helpers/openai-app.ts'
import { subscriberInChat } from '../helpers/subscribers.ts'

const openai = suiteOpenAiApp()
const t = openai.t
beforeEach(() => openai.double.reset())

describe("the specialist's instructions", () => {
  it('carry the current medications and the rule against dose changes', async () => {
    const { api, conversation, cat } = await subscriberInChat(t, {
      cat: { name: 'Mochi', age: 12 },
      subscription: { status: 'active' },
    })
    await api.record.addMedication({ name: 'Methimazole', dose: '2.5 mg', times: ['08:00', '20:00'] })
    await api.record.addMedication({
      name: 'Amoxicillin',
      dose: '50 mg',
      times: ['09:00'],
      start_on: '2026-01-01',
      end_on: '2026-01-10',
    })
    openai.double.setNext({ reply: ['Thanks!'] })
    const stream = await api.conversation.send({
      conversationId: conversation.id,
      content: 'Can I give her more methimazole? She seems hungry.',
      clientId: `u-${cat.id}`,
    })
    for await (const _piece of stream) {
      // drain
    }
    const body = openai.double.requests[0]?.body as { messages: Array<{ role: string; content: string }> }
    const prompt = body.messages[0]?.content ?? ''
    expect(prompt).toContain(MEDICATION_RULE)
    expect(prompt).toContain('"name": "Methimazole"')
    expect(prompt).toContain('"dose": "2.5 mg"')
    expect(prompt).toContain('"08:00"')
    expect(prompt).not.toContain('Amoxicillin')
  })
})
