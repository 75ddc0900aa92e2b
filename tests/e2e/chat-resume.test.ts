// /cat-assistant in Chromium: a page reloaded mid-answer reattaches to the reply the
// server is still writing, showing what was written and then the rest; a long reply stays in view from
// its first line; the chat log takes keyboard focus and scrolls by keyboard.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  browserTestWithOpenAi,
  paced,
  signedInSubscriber,
  signedOut,
  untilChatConnected,
  untilVisible,
} from '../helpers/browser.ts'
import { assistantBubbles, messageBox, openSpecialistChat, untilReplies } from '../helpers/chat-page.ts'

const { t, double } = browserTestWithOpenAi()
beforeEach(async () => {
  double.reset()
  await signedOut(t.page)
})

const plain = (text: string) => text.replace(/^(You|Dr\. Olivia):\s*/, '').trim()

const subscriber = (page: Page) => signedInSubscriber(t, page)

async function send(page: Page, text: string) {
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
}

describe('the chat reattaches to a reply still being written', () => {
  it('after a reload mid-answer: what was written, then the rest; stored once', async () => {
    const { page } = t
    const { owner } = await subscriber(page)
    await openSpecialistChat(page)
    const words = Array.from({ length: 16 }, (_, i) => `part${i} `)
    double.setNext({ reply: words, tokenDelayMs: 250 })
    await send(page, 'Tell me everything')
    await untilVisible(page.locator('.bubble[data-status="streaming"]'), 20_000)
    await page.reload()
    await untilChatConnected(page)
    // Reattached while the reply is still being written: it shows as streaming, from its first word.
    const streaming = page.locator('.bubble[data-status="streaming"]')
    await untilVisible(streaming, 20_000)
    await expect
      .poll(async () => plain(await streaming.innerText()), { timeout: 10_000 })
      .toMatch(/^part0 part1/)
    await expect
      .poll(
        paced(page, () => assistantBubbles(page).last().getAttribute('data-status')),
        { timeout: 20_000 },
      )
      .toBe('sent')
    expect(plain(await assistantBubbles(page).last().innerText())).toBe(words.join('').trim())
    expect(double.requests).toHaveLength(1)
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    const replies = await t.db.conversationMessage.findMany({
      where: { conversationId: conversation.id, content: { startsWith: 'part0' } },
    })
    expect(replies).toHaveLength(1)
  })
})

describe('reading a long reply', () => {
  it('keeps its first line in view while it grows; the log scrolls by keyboard', async () => {
    const { page } = t
    await page.setViewportSize({ width: 390, height: 844 })
    try {
      await subscriber(page)
      await openSpecialistChat(page)
      const paragraphs = Array.from(
        { length: 30 },
        (_, i) => `Paragraph ${i}: cats need fresh water, small meals and play every day.\n\n`,
      )
      double.setNext({ reply: paragraphs, tokenDelayMs: 60 })
      await send(page, 'Give me a long answer')
      // The reply's own bubble (after the typing dots), not the last welcome line, which is already sent.
      await untilReplies(page, 5, 30_000)
      const log = page.getByRole('log', { name: 'Conversation' })
      // The reply's first line is in view, not its end.
      const inView = await page.evaluate(() => {
        const box = document.querySelector('.chat__messages') as HTMLElement
        const bubbles = box.querySelectorAll('.bubble[data-role="assistant"]')
        const reply = bubbles[bubbles.length - 1] as HTMLElement
        const top = reply.getBoundingClientRect().top - box.getBoundingClientRect().top
        return {
          top,
          height: box.clientHeight,
          atBottom: box.scrollHeight - box.scrollTop - box.clientHeight < 4,
        }
      })
      expect(inView.top).toBeGreaterThanOrEqual(0)
      expect(inView.top).toBeLessThan(inView.height / 2)
      expect(inView.atBottom).toBe(false)
      // Keyboard: the log takes focus, and End scrolls it.
      expect(await log.getAttribute('tabindex')).toBe('0')
      await log.focus()
      const before = await log.evaluate((el) => el.scrollTop)
      await page.keyboard.press('End')
      await expect.poll(() => log.evaluate((el) => el.scrollTop)).toBeGreaterThan(before)
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 })
    }
  })
})
