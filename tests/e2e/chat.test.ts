// /cat-assistant in Chromium against the OpenAI-compatible double (token delays make the streaming visible):
// connection labels, welcome lines, a streamed reply, Stop, Retry, the paywall on 402, and history after reload.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import { specialistWelcomeMessages } from '../../shared/scripts.ts'
import {
  browserTestWithOpenAi,
  installPageClock,
  paced,
  signedInSubscriber,
  signedOut,
  untilChatConnected,
  untilPath,
  untilVisible,
} from '../helpers/browser.ts'
import { assistantBubbles, messageBox, openSpecialistChat } from '../helpers/chat-page.ts'

const { t, double } = browserTestWithOpenAi()
beforeEach(async () => {
  double.reset()
  await t.page.unrouteAll({ behavior: 'ignoreErrors' })
  await signedOut(t.page)
})

const user = (page: Page) => page.locator('.bubble[data-role="user"]')
const plain = (text: string) => text.replace(/^(You|Dr\. Olivia):\s*/, '').trim()

/** A signed-in subscriber with a cat, stored in the browser the way sign-in and payment leave it. */
const subscriber = (page: Page, options: { subscribed?: boolean; cat?: string | null } = {}) =>
  signedInSubscriber(t, page, options)

async function send(page: Page, text: string) {
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
}

describe('opening the chat', () => {
  it("moves the label from 'Connecting' through 'Checking Cat Profile' to 'Connected', then plays the welcome", async () => {
    const { page } = t
    const { owner } = await subscriber(page, { cat: 'Biscuit' })
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { labels: string[] }).labels = seen
      new MutationObserver(() => {
        const text = document.querySelector('.chat__status')?.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await openSpecialistChat(page)
    expect(await page.evaluate(() => (window as unknown as { labels: string[] }).labels)).toEqual([
      'Connecting with Assistant',
      'Checking Cat Profile',
      `Connected to ${EXPERT_NAME}`,
    ])
    expect((await assistantBubbles(page).allInnerTexts()).map(plain)).toEqual(
      specialistWelcomeMessages('Biscuit').map((m) => m.text),
    )
    // The welcome is part of the conversation on the server.
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    await expect
      .poll(() => t.db.conversationMessage.count({ where: { conversationId: conversation.id } }))
      .toBe(4)
    await t.screenshot('chat-welcome')
  })

  it("shows 'Redirecting to Cat Creation' and goes to the wizard when the owner has no cat", async () => {
    const { page } = t
    await subscriber(page, { cat: null })
    // At test speed the label shows for a few milliseconds before the redirect: record every text the
    // page shows from its first render rather than hoping to poll at the right moment.
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { seenTexts: seen })
      new MutationObserver(() => {
        const text = document.body?.innerText ?? ''
        if (text.includes('Redirecting to Cat Creation')) seen.push('Redirecting to Cat Creation')
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.goto('/cat-assistant')
    await page.waitForURL('**/onboarding?step=1')
    expect(await page.evaluate(() => (window as unknown as { seenTexts: string[] }).seenTexts)).toContain(
      'Redirecting to Cat Creation',
    )
  })

  it('sends a visitor without a session to the login', async () => {
    const { page } = t
    await page.evaluate(() => {
      localStorage.setItem('subscriptionId', 'sub_x')
      localStorage.setItem('catId', '3')
    })
    await page.goto('/cat-assistant')
    await page.waitForURL('**/login')
  })
})

describe('talking to the specialist', () => {
  it('streams the reply into the page as it is written; Enter sends, Shift+Enter adds a line; history survives a reload', async () => {
    const { page } = t
    const { owner } = await subscriber(page)
    await openSpecialistChat(page)

    // Shift+Enter adds a line and the box grows (56 px to at most 150 px); blank text cannot be sent.
    const box = messageBox(page)
    const send_ = page.getByRole('button', { name: 'Send' })
    expect(await send_.isDisabled()).toBe(true)
    await box.fill('   ')
    expect(await send_.isDisabled()).toBe(true)
    await box.fill('')
    const height = () => box.evaluate((el) => el.getBoundingClientRect().height)
    expect(await height()).toBe(56)
    await box.pressSequentially('How much')
    await box.press('Shift+Enter')
    await box.pressSequentially('should Luna eat?')
    expect(await box.inputValue()).toBe('How much\nshould Luna eat?')
    expect(await height()).toBeGreaterThan(56)
    await box.fill('line\n'.repeat(20))
    expect(await height()).toBe(150)
    await box.fill('How much\nshould Luna eat?')

    const pieces = ['Luna ', 'needs ', '**about** ', 'two ', 'small ', 'meals ', 'a ', 'day.']
    double.setNext({ reply: pieces, tokenDelayMs: 250 })
    await box.press('Enter')
    expect(await box.inputValue()).toBe('')
    await expect.poll(() => user(page).allInnerTexts()).toEqual(['You:\nHow much\nshould Luna eat?'])
    // A part of the reply is on screen while the rest is still being written, with Stop in place of Send.
    const streaming = page.locator('.bubble[data-status="streaming"]')
    await untilVisible(streaming, 20_000)
    const partial = plain(await streaming.innerText())
    expect(partial.length).toBeGreaterThan(0)
    expect(partial).not.toContain('day.')
    expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true)
    await expect
      .poll(
        paced(page, () => assistantBubbles(page).last().getAttribute('data-status')),
        { timeout: 20_000 },
      )
      .toBe('sent')
    expect(plain(await assistantBubbles(page).last().innerText())).toBe(
      'Luna needs about two small meals a day.',
    )
    // Markdown, rendered: the bold word is <strong>.
    expect(await assistantBubbles(page).last().locator('strong').innerText()).toBe('about')

    // The model had the cat's profile and the message.
    const body = double.requests[0]!.body as { messages: Array<{ role: string; content: string }> }
    expect(body.messages[0]!.content).toContain('Persian')
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: 'How much\nshould Luna eat?' })

    const before = (await page.locator('.bubble').allInnerTexts()).map(plain)
    await page.reload()
    await untilChatConnected(page)
    await expect.poll(async () => (await page.locator('.bubble').allInnerTexts()).map(plain)).toEqual(before)
    // The welcome is not played again, and another device sees the same history.
    const other = await t.browser.newContext({ baseURL: t.baseUrl })
    await installPageClock(other)
    try {
      const second = await other.newPage()
      await second.goto('/login')
      await second.evaluate((token) => {
        localStorage.setItem('token', token)
        localStorage.setItem('expiry', String(Date.now() + 3_600_000))
        localStorage.setItem('subscriptionId', 'sub_browser')
        localStorage.setItem('interview_completed', 'true')
      }, owner.token)
      await second.goto('/cat-assistant')
      await expect
        .poll(
          paced(second, async () => (await second.locator('.bubble').allInnerTexts()).map(plain)),
          { timeout: 20_000 },
        )
        .toEqual(before)
    } finally {
      await other.close()
    }
  })

  it('Stop ends the reply where it is and keeps that part, here and on the server', async () => {
    const { page } = t
    const { owner } = await subscriber(page)
    await openSpecialistChat(page)
    double.setNext({
      reply: ['Brush ', 'her ', 'coat ', 'every ', 'day ', 'with ', 'a ', 'wide ', 'comb.'],
      tokenDelayMs: 400,
    })
    await send(page, 'Grooming tips?')
    await untilVisible(page.locator('.bubble[data-status="streaming"]'), 20_000)
    await page.getByRole('button', { name: 'Stop' }).click()
    const stopped = page.locator('.bubble[data-status="stopped"]')
    await stopped.waitFor()
    const kept = plain((await stopped.innerText()).replace('Stopped', ''))
    expect(kept.startsWith('Brush')).toBe(true)
    expect(kept).not.toContain('comb.')
    expect(await double.requests[0]!.settled).toBe('aborted')
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    await expect
      .poll(async () => {
        const rows = await t.db.conversationMessage.findMany({
          where: { conversationId: conversation.id },
          orderBy: { id: 'asc' },
        })
        return rows.slice(4).map((r) => [r.role, r.content])
      })
      .toEqual([
        ['user', 'Grooming tips?'],
        ['assistant', expect.stringMatching(/^Brush/)],
      ])
    // The owner can carry on at once.
    double.setNext({ reply: 'You are welcome!' })
    await send(page, 'Thanks')
    await expect
      .poll(
        paced(page, async () => plain(await assistantBubbles(page).last().innerText())),
        { timeout: 20_000 },
      )
      .toBe('You are welcome!')
  })

  it('shows the failure with Retry, keeps the typed message, and Retry stores it only once', async () => {
    const { page } = t
    const { owner } = await subscriber(page)
    await openSpecialistChat(page)
    double.setNext({ status: 500 }, 2)
    await send(page, 'Is chocolate bad for cats?')
    await untilVisible(page.getByRole('alert').getByText(ERRORS.assistantUnavailable), 20_000)
    expect(await page.locator('.bubble[data-status="failed"]').innerText()).toContain(
      'Is chocolate bad for cats?',
    )
    expect(await page.getByRole('status', { name: `${EXPERT_NAME} is typing` }).count()).toBe(0)
    double.setNext({ reply: 'Yes, chocolate is toxic to cats. See a vet now if she ate some.' })
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect
      .poll(
        paced(page, async () => plain(await assistantBubbles(page).last().innerText())),
        { timeout: 20_000 },
      )
      .toContain('chocolate is toxic')
    expect(await page.getByRole('alert').count()).toBe(0)
    const conversation = await t.db.conversation.findFirstOrThrow({ where: { userId: owner.id } })
    const rows = await t.db.conversationMessage.findMany({
      where: { conversationId: conversation.id, role: 'user' },
    })
    expect(rows.map((r) => r.content)).toEqual(['Is chocolate bad for cats?'])
  })

  it('renders Markdown safely: no raw HTML, no script links', async () => {
    const { page } = t
    await subscriber(page)
    await openSpecialistChat(page)
    double.setNext({
      reply:
        'Try **this**: <img src="x" onerror="window.hacked=1"> <script>window.hacked=2</script> [click](javascript:window.hacked=3)',
    })
    await send(page, 'Show me')
    await expect
      .poll(
        paced(page, () => assistantBubbles(page).last().getAttribute('data-status')),
        { timeout: 20_000 },
      )
      .toBe('sent')
    const last = assistantBubbles(page).last()
    expect(await last.locator('strong').innerText()).toBe('this')
    expect(await last.locator('img, script').count()).toBe(0)
    const href = await last.locator('a').getAttribute('href')
    expect(href ?? '').not.toMatch(/javascript/i)
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined()
  })

  it('goes to the paywall when the server says the owner may not chat (402)', async () => {
    const { page } = t
    await subscriber(page, { subscribed: false })
    await openSpecialistChat(page)
    await send(page, 'Hello?')
    await untilPath(page, '/paywall', 20_000)
    expect(await page.evaluate(() => localStorage.getItem('subscriptionId'))).toBeNull()
    expect(double.requests).toHaveLength(0)
  })

  it("'Show earlier messages' reads back through a long history, the oldest at the top", async () => {
    const { page } = t
    const { owner, cat } = await subscriber(page)
    const api = await t.caller(owner.token)
    const { conversation } = await api.conversation.start({ catId: cat!.id })
    const list = Array.from({ length: 120 }, (_, i) => ({
      id: `h${i}`,
      role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant',
      content: `History line ${i}`,
    }))
    await api.conversation.update({ id: conversation.id, messages: list })
    await page.goto('/cat-assistant')
    await untilChatConnected(page)
    const bubbles = page.locator('.bubble')
    const shown = async () => (await bubbles.allInnerTexts()).map(plain)
    await expect.poll(shown).toEqual(list.slice(70).map((m) => m.content))
    const earlier = page.getByRole('button', { name: 'Show earlier messages' })
    await earlier.click()
    await expect.poll(shown).toEqual(list.slice(20).map((m) => m.content))
    await earlier.click()
    await expect.poll(shown).toEqual(list.map((m) => m.content))
    expect(await earlier.count()).toBe(0)
  })

  it('works on a phone-sized screen', async () => {
    const phone = await t.browser.newContext({ baseURL: t.baseUrl, viewport: { width: 375, height: 740 } })
    await installPageClock(phone)
    try {
      const page = await phone.newPage()
      await page.goto('/login')
      await subscriber(page)
      await openSpecialistChat(page)
      double.setNext({ reply: 'A short answer for a small screen.' })
      await send(page, 'Hi')
      await expect
        .poll(
          paced(page, async () => plain(await assistantBubbles(page).last().innerText())),
          { timeout: 20_000 },
        )
        .toBe('A short answer for a small screen.')
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
      expect(overflow).toBe(false)
      await page.screenshot({ path: 'tests/.artifacts/screenshots/chat-mobile.png' })
    } finally {
      await phone.close()
    }
  })
})
