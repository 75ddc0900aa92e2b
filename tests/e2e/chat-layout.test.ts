// A long chat never scrolls the page into a blank area. The visually hidden speaker labels
// ("You:", "Dr. Olivia:") were positioned against the page instead of their bubble, so a long list
// stretched the document by thousands of pixels under the chat panel, at both sizes.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { browserTestForFile, paced, signedOut } from '../helpers/browser.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]

/** Scrolls the document and the log to their ends (the owner's "one more scroll"), then measures. */
async function scrolledToTheEnd(page: Page) {
  const log = page.getByRole('log', { name: 'Conversation' })
  await log.hover()
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 4000)
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  return page.evaluate(() => {
    const composer = document.querySelector('.chat__composer')?.getBoundingClientRect()
    const header = document.querySelector('.chat__header')?.getBoundingClientRect()
    return {
      documentHeight: document.documentElement.scrollHeight,
      viewport: window.innerHeight,
      composerBottom: composer?.bottom ?? Number.NaN,
      composerTop: composer?.top ?? Number.NaN,
      headerBottom: header?.bottom ?? Number.NaN,
    }
  })
}

function expectChatInView(seen: Awaited<ReturnType<typeof scrolledToTheEnd>>) {
  // No blank page under the chat: the document is at most a little taller than the screen,
  // and the composer (and the chat's header above it) stay on screen.
  expect(seen.documentHeight).toBeLessThan(seen.viewport + 200)
  expect(seen.composerTop).toBeGreaterThanOrEqual(0)
  expect(seen.composerBottom).toBeLessThanOrEqual(seen.viewport + 1)
  expect(seen.headerBottom).toBeGreaterThan(0)
}

describe('a long chat', () => {
  for (const size of SIZES) {
    it(`/cat-assistant with 30 messages never scrolls past its composer at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      const { owner, cat } = await subscriberWithCat(t)
      const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
      for (let i = 0; i < 30; i++) {
        await t.db.conversationMessage.create({
          data: {
            conversationId: conversation.id,
            role: i % 2 === 0 ? 'user' : 'assistant',
            content: `Message ${i + 1}: how much should Luna eat and play today?`,
          },
        })
      }
      await t.storeSession(owner.token, {
        subscriptionId: 'sub_browser',
        interview_completed: 'true',
        catId: String(cat.id),
      })
      await page.goto('/cat-assistant')
      await expect
        .poll(
          paced(page, () => page.locator('.bubble[data-role]').count()),
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(30)
      expectChatInView(await scrolledToTheEnd(page))
      await t.screenshot(`chat-long-${size.width}`)
    })

    it(`/cat-assistant-b with a long interview never scrolls past its composer at ${size.width}×${size.height}`, async () => {
      const { page } = t
      await page.setViewportSize(size)
      await page.goto('/cat-assistant-b')
      const box = page.getByLabel(`Message ${EXPERT_NAME}`)
      await expect
        .poll(
          paced(page, () => box.isEnabled()),
          { timeout: 20_000 },
        )
        .toBe(true)
      // Until the list is far longer than the screen: replies that are not answers keep the interview going.
      for (let i = 0; i < 12; i++) {
        const send = page.getByRole('button', { name: 'Send' })
        await box.fill(i === 0 ? 'Oscar' : `Oscar likes the window, note ${i}`)
        await expect
          .poll(
            paced(page, () => send.isEnabled()),
            { timeout: 20_000 },
          )
          .toBe(true)
        await box.press('Enter')
        await expect.poll(() => box.inputValue()).toBe('')
      }
      await expect
        .poll(
          paced(page, () => page.locator('.bubble[data-role]').count()),
          { timeout: 20_000 },
        )
        .toBeGreaterThanOrEqual(20)
      expectChatInView(await scrolledToTheEnd(page))
    })
  }
})
