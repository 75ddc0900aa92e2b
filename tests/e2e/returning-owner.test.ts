// A returning subscriber in Chromium: an owner who paid, chatted and logged out signs in again
// with a new code and is back with the specialist, their history on screen, in one sign-in — never the
// receptionist, the interview, the paywall or a second thank-you. The server decides where they belong:
// the new sign-in has just cleared the browser's local storage.
import type { Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { EXPERT_NAME } from '../../shared/constants.ts'
import { specialistWelcomeMessages } from '../../shared/scripts.ts'
import {
  browserTestWithSmtp,
  continueToCardStep,
  paced,
  startMyJourney,
  untilChatConnected,
  untilPath,
  untilVisible,
} from '../helpers/browser.ts'

const { t, smtp } = browserTestWithSmtp()

const plain = (text: string) => text.replace(/^(You|Dr\. Olivia):\s*/, '').trim()
const bubbles = (page: Page) => page.locator('.bubble')

/**
 * Records, for the rest of this document's life, every path the app shows, every thank-you screen and
 * every sound: the app is one page, so sign-out and sign-in happen without a new document.
 */
async function watch(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { paths: string[]; thanks: number; sounds: string[] }
    w.paths = [location.pathname]
    w.thanks = 0
    w.sounds = []
    let thanking = false
    new MutationObserver(() => {
      if (w.paths.at(-1) !== location.pathname) w.paths.push(location.pathname)
      const shown = document.body.innerText.includes('Thank you for subscribing!')
      if (shown && !thanking) w.thanks++
      thanking = shown
    }).observe(document, { subtree: true, childList: true, characterData: true })
    window.addEventListener('kitty-sound', (e) => w.sounds.push(String((e as CustomEvent).detail)))
  })
}

const watched = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { paths: string[]; thanks: number; sounds: string[] }
    return { paths: w.paths, thanks: w.thanks, sounds: w.sounds }
  })

describe('a returning subscriber', () => {
  it('pays, chats, logs out, signs in with a new code and is back in the chat with the history', async () => {
    const { page } = t
    // An owner whose interview is done and whose cat exists, signed in the way a code sign-in leaves it.
    const email = `returning-${Date.now()}@example.com`
    const owner = await t.signIn(email, { firstName: 'Maya', fullName: 'Maya Whiskerton' })
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Luna', breed: 'Persian', age: 3 } })
    await t.db.interview.create({
      data: { userId: owner.id, sessionId: 'returning-visitor', completed: true },
    })
    await t.storeSession(owner.token, {
      email,
      catId: String(cat.id),
      cat_name: 'Luna',
      interview_completed: 'true',
    })

    // Pays on the paywall: the thank-you screen once, the meow once.
    await page.goto('/paywall')
    await page.getByText('left to respond').waitFor()
    await watch(page)
    const dialog = await continueToCardStep(page)
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
    await dialog.getByLabel('CVC').fill('123')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await untilVisible(dialog.getByRole('heading', { name: 'Thank you for subscribing!' }), 20_000)
    // The specialist's welcome, then a question and its answer: the history to come back to.
    await startMyJourney(page, dialog)
    const welcome = specialistWelcomeMessages('Luna').map((m) => m.text)
    await expect
      .poll(
        paced(page, () => page.locator('.bubble[data-role="assistant"]').count()),
        { timeout: 20_000 },
      )
      .toBe(4)
    const message = page.getByLabel(`Message ${EXPERT_NAME}`)
    await message.fill('How often should I brush Luna?')
    await message.press('Enter')
    // The reply's bubble first (before it, the last assistant bubble is a welcome line, already sent),
    // then its end: it streams in pieces, so wait until it is sent and has stopped growing.
    await expect
      .poll(
        paced(page, () => bubbles(page).count()),
        { timeout: 20_000 },
      )
      .toBe(6)
    const reply = page.locator('.bubble[data-role="assistant"]').last()
    let lastText = ''
    await expect
      .poll(
        paced(page, async () => {
          const text = await reply.innerText()
          const settled =
            (await reply.getAttribute('data-status')) === 'sent' && text.trim() !== '' && text === lastText
          lastText = text
          return settled
        }),
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true)
    const history = (await bubbles(page).allInnerTexts()).map(plain)
    expect(history.slice(0, 4)).toEqual(welcome)
    expect(history[4]).toBe('How often should I brush Luna?')
    const before = await watched(page)
    expect(before.thanks).toBe(1)
    expect(before.sounds).toEqual(['meow'])

    // Logout: everything the browser kept is gone.
    await page
      .getByRole('complementary', { name: 'Account menu' })
      .getByRole('button', { name: 'Logout' })
      .click()
    await page.waitForURL('**/login')
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    await page.evaluate(() => {
      ;(window as unknown as { paths: string[] }).paths = [location.pathname]
    })

    // A new code sign-in lands in the chat, with the history, and nowhere else on the way. The page's
    // timers run on Playwright's clock from here, so the check below can move time on instead of waiting.
    await page.clock.install()
    const inFlight = new Set<Request>()
    page.on('request', (request) => inFlight.add(request))
    page.on('requestfinished', (request) => inFlight.delete(request))
    page.on('requestfailed', (request) => inFlight.delete(request))
    const since = Date.now()
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Login Code' }).click()
    await page.getByLabel('Login code').fill(await smtp.waitForCode(email, { since }))
    await page.getByRole('button', { name: 'Verify code' }).click()
    await untilPath(page, '/cat-assistant', 20_000)
    await untilChatConnected(page)
    await expect
      .poll(
        paced(page, async () => (await bubbles(page).allInnerTexts()).map(plain)),
        { timeout: 20_000 },
      )
      .toEqual(history)
    // Whatever could still redirect has now happened: every timer due in the next minute fired, every
    // request the page made answered (twice over, for a timer that waits on an answer or the reverse).
    for (let round = 0; round < 2; round++) {
      await page.clock.runFor(60_000)
      await expect.poll(() => inFlight.size).toBe(0)
    }
    expect(new URL(page.url()).pathname).toBe('/cat-assistant')
    const after = await watched(page)
    expect(after.paths).toEqual(['/login', '/cat-assistant'])
    expect(after.thanks).toBe(1)
    expect(after.sounds).toEqual(['meow'])
    // The browser holds what the server says: the cat, the subscription, the finished interview.
    const stored = await page.evaluate(() => ({
      catId: localStorage.getItem('catId'),
      subscriptionId: localStorage.getItem('subscriptionId'),
      interviewCompleted: localStorage.getItem('interview_completed'),
    }))
    const subscription = await t.db.subscription.findFirstOrThrow({ where: { userId: owner.id } })
    expect(stored).toEqual({
      catId: String(cat.id),
      subscriptionId: subscription.providerSubscriptionId,
      interviewCompleted: 'true',
    })
    await t.screenshot('returning-owner-chat')

    // "Chat with Expert" stays in the chat; a reload with the token stays too.
    await page
      .getByRole('complementary', { name: 'Account menu' })
      .getByRole('link', { name: 'Chat with Expert' })
      .click()
    await page.reload()
    await untilChatConnected(page)
    expect(new URL(page.url()).pathname).toBe('/cat-assistant')
  })
})
