// /interview on the OpenAI-compatible path (the local double): a long receptionist reply is shown in pairs
// of sentences (docs/product.md §4: more than three sentences, two per message,
// 4.75 s apart — shortened here).
import { describe, expect, it } from 'vitest'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { browserTestWithOpenAi, paced } from '../helpers/browser.ts'

const { t, double } = browserTestWithOpenAi()

describe('the receptionist from the model', () => {
  it('splits a reply of five sentences into three messages, and checks answers with structured output', async () => {
    const { page } = t
    const user = await t.signIn()
    await page.goto('/login')
    await page.evaluate((token) => {
      localStorage.clear()
      localStorage.setItem('token', token)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
    }, user.token)
    double.setNext({
      reply:
        'Welcome aboard. I am glad you are here. Dr. Olivia will help soon. First things first. What is your cat called?',
    })
    await page.goto('/interview')
    const assistant = page.locator('.bubble[data-role="assistant"]')
    await expect
      .poll(
        paced(page, () => assistant.count()),
        { timeout: 20_000 },
      )
      .toBe(6 + 3)
    const texts = (await assistant.allInnerTexts()).map((text) =>
      text.replace(`${RECEPTIONIST_NAME}:`, '').trim(),
    )
    expect(texts.slice(6)).toEqual([
      'Welcome aboard. I am glad you are here.',
      'Dr. Olivia will help soon. First things first.',
      'What is your cat called?',
    ])
    // The model saw the intro (the empty lines dropped) and was asked for the name.
    const first = double.requests[0]!.body as { messages: Array<{ role: string; content: string }> }
    expect(first.messages.filter((m) => m.role === 'assistant')).toHaveLength(6)

    double.setNext({ json: { satisfied: 'true', answer: 'Pumpkin', reason: '' } })
    double.setNext({ reply: 'Pumpkin is a lovely name! What would you like help with?' })
    const box = page.getByLabel(`Answer ${RECEPTIONIST_NAME}`)
    await box.fill('his name is pumpkin')
    await box.press('Enter')
    await expect
      .poll(
        paced(page, async () => (await assistant.allInnerTexts()).at(-1)),
        { timeout: 20_000 },
      )
      .toContain('Pumpkin is a lovely name!')
    expect(await page.evaluate(() => localStorage.getItem('cat_name'))).toBe('Pumpkin')
  })
})
