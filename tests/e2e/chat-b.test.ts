// /cat-assistant-b in Chromium with the offline assistant (docs/product.md §2, §4 "Chat variant B"): the
// banner, the input disabled until connected, the opening algorithm, and the finalizing with its flags
// stored as 'true'.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import {
  creatingProfileMessages,
  interviewIntroMessages,
  profileCreatedMessages,
} from '../../shared/scripts.ts'
import { browserTestForFile, paced, signedOut, untilVisible } from '../helpers/browser.ts'

// The delays of docs/product.md §9 on the page's clock: the input is seen disabled during the 7 s
// preparation, then the test moves the clock on to the connection.
const t = browserTestForFile()
beforeEach(() => signedOut(t.page))

const box = (page: Page) => page.getByLabel(`Message ${EXPERT_NAME}`)
const assistantTexts = async (page: Page) =>
  (await page.locator('.bubble[data-role="assistant"]').allInnerTexts()).map((text) =>
    text.replace(`${EXPERT_NAME}:`, '').trim(),
  )

async function answer(page: Page, text: string) {
  const send = page.getByRole('button', { name: 'Send' })
  await box(page).fill(text)
  await expect
    .poll(
      paced(page, () => send.isEnabled()),
      { timeout: 20_000 },
    )
    .toBe(true)
  await box(page).press('Enter')
  await expect.poll(() => box(page).inputValue()).toBe('')
}

const lastLine = (page: Page) => async () => (await assistantTexts(page)).at(-1) ?? ''

describe('chat variant B', () => {
  it('connects behind the banner, interviews, finalizes once and stores the flags as text', async () => {
    const { page } = t
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { banners: string[] }).banners = seen
      new MutationObserver(() => {
        const text = document.querySelector('.chat-banner')?.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.goto('/cat-assistant-b')
    await page.getByText('Preparing Session').waitFor()
    expect(await box(page).isDisabled()).toBe(true)
    await untilVisible(page.getByText(`Connected to ${EXPERT_NAME}`), 20_000)
    expect(await box(page).isEnabled()).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { banners: string[] }).banners)).toEqual([
      'Connecting with Assistant',
      'Preparing Session',
      `Connected to ${EXPERT_NAME}`,
    ])

    const intro = interviewIntroMessages(EXPERT_NAME).map((m) => m.text)
    await expect
      .poll(
        paced(page, async () => (await assistantTexts(page)).length),
        { timeout: 30_000 },
      )
      .toBe(intro.length + 1)
    expect((await assistantTexts(page)).slice(0, intro.length)).toEqual(intro)

    await answer(page, 'Her name is Cleo')
    await expect.poll(paced(page, lastLine(page)), { timeout: 20_000 }).toMatch(/Cleo/)
    await answer(page, 'she is scared of visitors')
    await expect.poll(paced(page, lastLine(page)), { timeout: 20_000 }).toMatch(/old/i)
    await answer(page, 'eight months')
    await expect.poll(paced(page, lastLine(page)), { timeout: 20_000 }).toMatch(/breed/i)
    await answer(page, 'ragdoll')
    await expect.poll(paced(page, lastLine(page)), { timeout: 20_000 }).toMatch(/active/i)
    await answer(page, 'moderately active')

    const created = profileCreatedMessages('Cleo').map((m) => m.text)
    await expect
      .poll(
        paced(page, async () => (await assistantTexts(page)).slice(-3)),
        { timeout: 30_000 },
      )
      .toEqual(created)
    const lines = await assistantTexts(page)
    const creating = creatingProfileMessages('Cleo').map((m) => m.text)
    expect(lines.slice(-6, -3)).toEqual(creating)
    await page.getByRole('button', { name: `Continue to chat with ${EXPERT_NAME}` }).waitFor()

    const stored = await page.evaluate(() => ({ ...localStorage }))
    expect(stored).toMatchObject({
      interview_starting_messages_ended: 'true',
      interview_final_messages_started: 'true',
      interview_message_sent: 'true',
      hasFinalized: 'true',
      interview_completed: 'true',
      hasInitialized: 'true',
      cat_name: 'Cleo',
      breed: 'Ragdoll',
    })
    // Creating a cat needs the bearer token (docs/product.md §6), so a visitor gets the
    // recommendations (as on the wizard) and the cat is made after the sign-in.
    expect(stored.catId).toBeUndefined()
    expect(stored.food_bowls).toMatch(/^[1-3]$/)
    expect(stored.welcome_message_specific_detail).toContain('Cleo')
    expect(await t.db.cat.count({ where: { sessionId: stored.sessionId } })).toBe(0)
    await t.screenshot('chat-b-finalized')

    // Once finalized, a reload plays nothing again.
    const count = lines.length
    await page.reload()
    await untilVisible(page.getByText(`Connected to ${EXPERT_NAME}`), 20_000)
    await page.getByRole('button', { name: `Continue to chat with ${EXPERT_NAME}` }).waitFor()
    expect((await assistantTexts(page)).length).toBe(count)
    expect(await t.db.cat.count({ where: { sessionId: stored.sessionId } })).toBe(0)
  })

  it('resumes an interrupted finalizing where it stopped', async () => {
    const { page } = t
    const creating = creatingProfileMessages('Milo').map((m) => m.text)
    await page.evaluate((first) => {
      const set = (key: string, value: string) => localStorage.setItem(key, value)
      set('cat_name', 'Milo')
      set('issues_faced', JSON.stringify(['weight gain']))
      set('age', '4')
      set('breed', 'Bengal')
      set('activity_level', 'Active')
      set('currentFieldIndex', '5')
      set('interview_starting_messages_ended', 'true')
      set('interview_final_messages_started', 'true')
      set('interview_final_step_index', '1')
      set(
        'interview_messages',
        JSON.stringify([
          { id: 'a1', role: 'assistant', content: 'How active is Milo?' },
          { id: 'u1', role: 'user', content: 'active', checked: true },
          { id: 'a2', role: 'assistant', content: first },
        ]),
      )
    }, creating[0]!)
    await page.goto('/cat-assistant-b')
    await untilVisible(page.getByRole('button', { name: `Continue to chat with ${EXPERT_NAME}` }), 30_000)
    const lines = await assistantTexts(page)
    expect(lines).toEqual([
      'How active is Milo?',
      ...creating,
      ...profileCreatedMessages('Milo').map((m) => m.text),
    ])
    const stored = await page.evaluate(() => ({ ...localStorage }))
    expect(stored.hasFinalized).toBe('true')
    // A visitor: the recommendations from the stored answers, no cat before the sign-in.
    expect(stored.catId).toBeUndefined()
    expect(stored.playtime).toMatch(/^\d+$/)
    expect(stored.welcome_message_specific_detail).toContain('Milo')
  })
})
