// Respecting the owner's time, in Chromium at the real pacing of docs/product.md §9 (the page's clock is
// never moved on): the scripted lines keep their texts and delays, but the owner can skip them ('Skip intro',
// 'Skip') or answer while they are still arriving, and the interview continues the onboarding conversation.
// With everything skipped, 'Sign Up now.' to the paywall takes at most 10 s.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import {
  interviewClosingMessages,
  interviewIntroMessages,
  ONBOARDING_MESSAGES,
} from '../../shared/scripts.ts'
import { browserTestForFile, signedOut } from '../helpers/browser.ts'
import { answer, answerBox, assistantTexts, plain } from '../helpers/interview-page.ts'

const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

const INTRO = interviewIntroMessages().map((m) => m.text)
const allTexts = async (page: Page) => (await page.locator('.bubble[data-role]').allInnerTexts()).map(plain)

describe("the owner's time", () => {
  it("skips everything: 'Sign Up now.' to the paywall in at most 10 s, every scripted line kept", async () => {
    const { page } = t
    await page.getByRole('link', { name: 'Sign Up now.' }).waitFor()
    const started = Date.now()
    await page.getByRole('link', { name: 'Sign Up now.' }).click()
    await page.waitForURL('**/onboarding')
    await page.getByRole('button', { name: 'Skip intro' }).click()
    await page.waitForURL('**/interview')

    // The interview's intro is there at once, then its first question.
    await expect
      .poll(() => assistantTexts(page), { timeout: 5000 })
      .toEqual([...INTRO, expect.stringMatching(/name/i)])
    expect(await page.getByRole('button', { name: 'Skip intro' }).count()).toBe(0)
    await answer(page, 'Her name is Luna', /Luna/, { realTime: true })
    await answer(page, 'She scratches the sofa', /old/i, { realTime: true })
    await answer(page, 'she is 3 years old', /breed/i, { realTime: true })
    await answer(page, 'maine coon', /active/i, { realTime: true })
    await answerBox(page).fill('very playful')
    await answerBox(page).press('Enter')

    // The closing lines begin; Skip shows the rest at once and the paywall follows.
    await page.getByRole('button', { name: 'Skip', exact: true }).click({ timeout: 10_000 })
    await page.waitForURL('**/paywall', { timeout: 10_000 })
    const elapsed = Date.now() - started
    console.info(
      `[journey] 'Sign Up now.' to /paywall with everything skipped: ${(elapsed / 1000).toFixed(1)} s`,
    )
    expect(elapsed).toBeLessThanOrEqual(10_000)

    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('interview_messages'))) ?? '[]',
    ) as Array<{
      role: string
      content: string
    }>
    const closing = interviewClosingMessages('Luna').map((m) => m.text)
    expect(stored.slice(-closing.length).map((m) => m.content)).toEqual(closing)
    expect(stored.slice(0, INTRO.length).map((m) => m.content)).toEqual(INTRO)
    await page.getByText('left to respond').waitFor()
  })

  it('continues the onboarding conversation, and takes an answer typed while the intro is still arriving', async () => {
    const { page } = t
    await page.goto('/onboarding')
    // The first line after its 2 s; the owner answers before the rest.
    await expect.poll(() => assistantTexts(page), { timeout: 5000 }).toEqual([ONBOARDING_MESSAGES[0]!.text])
    const reply = page.getByLabel(`Reply to ${RECEPTIONIST_NAME}`)
    await reply.fill('yes')
    await reply.press('Enter')
    await page.waitForURL('**/interview')
    // The URL changes first; the onboarding page stays on screen until the interview's chunk has loaded.
    await answerBox(page).waitFor()

    // The conversation goes on: what was said on /onboarding comes first, then the intro starts.
    expect(await allTexts(page)).toEqual([ONBOARDING_MESSAGES[0]!.text, 'yes'])
    await expect
      .poll(() => assistantTexts(page), { timeout: 5000 })
      .toEqual([ONBOARDING_MESSAGES[0]!.text, INTRO[0]])
    await page.getByRole('button', { name: 'Skip intro' }).waitFor()
    await page.getByRole('status', { name: `${RECEPTIONIST_NAME} is typing` }).waitFor()

    // Answering now: the rest of the intro shows at once, then the question, then the answer.
    await answer(page, 'Her name is Luna', /Luna/, { realTime: true })
    const texts = await allTexts(page)
    expect(texts.slice(0, 2 + INTRO.length)).toEqual([ONBOARDING_MESSAGES[0]!.text, 'yes', ...INTRO])
    expect(texts[2 + INTRO.length]).toMatch(/name/i)
    expect(texts[3 + INTRO.length]).toBe('Her name is Luna')
    expect(await page.getByRole('button', { name: 'Skip intro' }).count()).toBe(0)

    // After a reload the interview resumes where it is, the onboarding lines still first.
    await page.reload()
    await expect.poll(() => allTexts(page), { timeout: 5000 }).toEqual(texts)
  })
})
