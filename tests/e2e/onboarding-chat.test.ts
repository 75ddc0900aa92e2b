// /onboarding without a step: the receptionist's scripted welcome (docs/product.md §4
// "Onboarding chat") in Chromium.
import { beforeEach, describe, expect, it } from 'vitest'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { ONBOARDING_MESSAGES, ONBOARDING_NUDGE } from '../../shared/scripts.ts'
import { browserTestForFile, paced, signedOut } from '../helpers/browser.ts'

// The delays of docs/product.md §9 on the page's clock: a test that waits for the
// script's end moves the clock on.
const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

const assistantBubbles = () => t.page.locator('.bubble[data-role="assistant"]')

describe('receptionist chat on /onboarding', () => {
  it('plays the six scripted lines in order, then moves to the interview by itself', async () => {
    await t.page.goto('/onboarding')
    await t.page.getByRole('heading', { name: 'Welcome to Kitty Care' }).waitFor()
    await expect
      .poll(
        paced(t.page, () => new URL(t.page.url()).pathname),
        { timeout: 40_000 },
      )
      .toBe('/interview')
    // The interview's own intro starts there; the onboarding lines were all shown before leaving.
    await t.page.goBack()
    await t.page.waitForURL('**/onboarding')
    await expect
      .poll(
        paced(t.page, () => assistantBubbles().count()),
        { timeout: 30_000 },
      )
      .toBe(ONBOARDING_MESSAGES.length)
    const texts = await assistantBubbles().allInnerTexts()
    expect(texts.map((text) => text.replace(`${RECEPTIONIST_NAME}:`, '').trim())).toEqual(
      ONBOARDING_MESSAGES.map((m) => m.text),
    )
    await t.screenshot('onboarding-chat')
  })

  it('a reply starting with a yes-word goes to the interview at once; anything else gets a nudge', async () => {
    await t.page.goto('/onboarding')
    const input = t.page.getByLabel(`Reply to ${RECEPTIONIST_NAME}`)
    await input.fill('not yet')
    await input.press('Enter')
    await t.page.getByText(ONBOARDING_NUDGE).waitFor()
    expect(t.page.url()).toContain('/onboarding')
    await input.fill('Yes please!')
    await input.press('Enter')
    await t.page.waitForURL('**/interview')
  })

  it('answers a reply that describes an urgent sign with the escalation before the nudge', async () => {
    await t.page.goto('/onboarding')
    const input = t.page.getByLabel(`Reply to ${RECEPTIONIST_NAME}`)
    await input.fill('Not yet, she chewed a lily leaf an hour ago and has vomited twice')
    await input.press('Enter')
    await t.page.getByText(ONBOARDING_NUDGE).waitFor()
    const replies = await assistantBubbles().allInnerTexts()
    const nudge = replies.findIndex((text) => text.includes(ONBOARDING_NUDGE))
    // The escalation (vet now, the poison hotlines) comes first, then the script's nudge.
    expect(replies[nudge - 1]).toMatch(/emergency/i)
    expect(replies[nudge - 1]).toContain('(888) 426-4435')
    expect(t.page.url()).toContain('/onboarding')
  })

  it('sends a stored subscription to /paywall and a stored cat to /cat-assistant', async () => {
    await t.page.evaluate(() => localStorage.setItem('subscriptionId', 'sub_123'))
    await t.page.goto('/onboarding')
    // /paywall with a subscription and nothing else continues to the interview (docs/product.md §2 guard).
    await t.page.waitForURL('**/interview')
    await t.page.evaluate(() => {
      localStorage.clear()
      localStorage.setItem('catId', '7')
    })
    await t.page.goto('/onboarding')
    // /cat-assistant without a subscription continues to the paywall (docs/product.md §2 guard).
    await t.page.waitForURL('**/paywall')
  })
})
