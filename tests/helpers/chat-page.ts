// The specialist's chat (/cat-assistant) as the browser tests open and read it: its bubbles, the wait for
// the connection and the welcome lines, and the wait for a reply, each moving the page's clock through the
// scripted pauses (tests/helpers/browser.ts `paced`).
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { paced, untilChatConnected } from './browser.ts'

/** The specialist's bubbles in the thread (welcome lines included). */
export const assistantBubbles = (page: Page) => page.locator('.bubble[data-role="assistant"]')

/** The chat's message box. */
export const messageBox = (page: Page) => page.getByLabel(`Message ${EXPERT_NAME}`)

/** Opens the chat and waits for the connection and the `welcome` lines of its conversation, typing done. */
export async function openSpecialistChat(page: Page, welcome = 4): Promise<void> {
  await page.goto('/cat-assistant')
  await untilChatConnected(page)
  await expect
    .poll(
      paced(page, () => assistantBubbles(page).count()),
      { timeout: 20_000 },
    )
    .toBe(welcome)
  await expect.poll(() => page.getByRole('status', { name: `${EXPERT_NAME} is typing` }).count()).toBe(0)
}

/** Waits until the thread holds `count` specialist bubbles and the last of them is sent in full. */
export async function untilReplies(page: Page, count: number, timeout = 20_000): Promise<void> {
  await expect
    .poll(
      paced(page, () => assistantBubbles(page).count()),
      { timeout },
    )
    .toBe(count)
  await expect
    .poll(
      paced(page, () => assistantBubbles(page).last().getAttribute('data-status')),
      { timeout },
    )
    .toBe('sent')
}
