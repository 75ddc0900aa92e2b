// The receptionist interview as the browser tests read and answer it: its bubbles' texts without the
// speaker's name, and an answer sent with the wait for the receptionist's next line.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { paced } from './browser.ts'

/** A bubble's text without its `Name:` prefix. */
export const plain = (text: string) => text.replace(/^[^:\n]+:\s*/, '').trim()

/** The receptionist's lines on the page so far, as plain texts. */
export const assistantTexts = async (page: Page) =>
  (await page.locator('.bubble[data-role="assistant"]').allInnerTexts()).map(plain)

/** The interview's answer box. */
export const answerBox = (page: Page) => page.getByLabel(`Answer ${RECEPTIONIST_NAME}`)

/**
 * Sends an answer once the box takes one, and waits for the receptionist's next line to match `next`,
 * moving the page's clock through her typing; `realTime` waits at the pace of docs/product.md §9 instead.
 */
export async function answer(page: Page, text: string, next: RegExp, { realTime = false } = {}) {
  const wait = <T>(check: () => T | Promise<T>) => (realTime ? check : paced(page, check))
  const before = (await assistantTexts(page)).length
  await expect
    .poll(
      wait(() => answerBox(page).isEnabled()),
      { timeout: 10_000 },
    )
    .toBe(true)
  await answerBox(page).fill(text)
  await answerBox(page).press('Enter')
  await expect
    .poll(
      wait(async () => (await assistantTexts(page)).length),
      { timeout: 10_000 },
    )
    .toBeGreaterThan(before)
  await expect
    .poll(
      wait(async () => (await assistantTexts(page)).at(-1)),
      { timeout: 10_000 },
    )
    .toMatch(next)
}
