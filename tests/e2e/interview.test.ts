// /interview end to end in Chromium with the offline assistant (docs/product.md §4 "Interview"); every
// scripted delay runs, shortened by the test setting.
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { RECEPTIONIST_NAME } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import {
  CHECK_FAILED_REASON,
  HOLDING_MESSAGE,
  interviewClosingMessages,
  interviewIntroMessages,
} from '../../shared/scripts.ts'
import {
  browserTestForFile,
  installPageClock,
  paced,
  signedOut,
  untilPath,
  untilVisible,
} from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()
beforeEach(async () => {
  await t.page.unrouteAll({ behavior: 'ignoreErrors' })
  await signedOut(t.page)
})

const INTRO = interviewIntroMessages()
const input = (page: Page) => page.getByLabel(`Answer ${RECEPTIONIST_NAME}`)
const bubbles = (page: Page, role: 'user' | 'assistant') => page.locator(`.bubble[data-role="${role}"]`)
const texts = async (page: Page, role: 'user' | 'assistant') =>
  (await bubbles(page, role).allInnerTexts()).map((text) => text.replace(/^[^:]+:\s*/, '').trim())

/**
 * Types the answer and sends it with Enter once the owner may answer. Send is enabled during the intro,
 * off while the first question is being typed, and on again once it is asked: an Enter that lands in that
 * gap is ignored (the text stays), so Enter is pressed again whenever Send is enabled until the text is sent.
 */
async function answer(page: Page, text: string) {
  const send = page.getByRole('button', { name: 'Send' })
  await input(page).fill(text)
  await expect
    .poll(
      paced(page, async () => {
        if (await send.isEnabled()) await input(page).press('Enter')
        return input(page).inputValue()
      }),
      { timeout: 20_000 },
    )
    .toBe('')
}

async function signInBrowser(page: Page, token: string) {
  await t.storeSession(token, {}, page)
}

async function subscribe(userId: number) {
  await grantSubscription(t.db, userId, { providerSubscriptionId: `sub_test_${userId}` })
}

describe('the interview, start to finish', () => {
  it('a visitor answers the five fields in natural words, hears the closing lines and goes to the paywall', async () => {
    const { page } = t
    await page.goto('/interview')
    await page.getByRole('heading', { name: `Interview with ${RECEPTIONIST_NAME}` }).waitFor()
    // The six intro lines come first, in order, before any question.
    await expect
      .poll(
        paced(page, () => bubbles(page, 'assistant').count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(7)
    expect((await texts(page, 'assistant')).slice(0, 6)).toEqual(INTRO.map((m) => m.text))
    expect((await texts(page, 'assistant'))[6]).toMatch(/name/i)

    await answer(page, 'her name is Luna')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/Luna/)
    await answer(page, 'she scratches the sofa and gets hairballs')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/old/i)
    // An answer that does not count is asked again, with the reason.
    const asked = await bubbles(page, 'assistant').count()
    await answer(page, 'banana')
    await expect.poll(() => bubbles(page, 'user').count()).toBe(3)
    await expect
      .poll(
        paced(page, () => bubbles(page, 'assistant').count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(asked)
    expect((await texts(page, 'assistant')).at(-1)).toMatch(/old|age|year|number/i)
    expect(await page.evaluate(() => localStorage.getItem('currentFieldIndex'))).toBe('2')
    await answer(page, '3 years old')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/breed/i)
    await answer(page, 'a maine coon i think')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/active/i)
    await answer(page, 'she runs around all day')

    await untilPath(page, '/paywall', 30_000)
    const stored = await page.evaluate(() => ({ ...localStorage }))
    expect(stored).toMatchObject({
      cat_name: 'Luna',
      age: '3',
      breed: 'Maine Coon',
      interview_completed: 'true',
      interview_starting_messages_ended: 'true',
      interview_final_messages_started: 'true',
      currentFieldIndex: '5',
    })
    expect(JSON.parse(stored.issues_faced!)).toEqual(
      expect.arrayContaining([expect.stringMatching(/scratch/i)]),
    )
    expect(['Very Active', 'Active']).toContain(stored.activity_level)

    // The server has the same interview: every message once, the answers and the completion.
    const id = Number(stored.interviewId)
    const local = JSON.parse(stored.interview_messages!) as Array<{ content: string }>
    await expect
      .poll(async () => {
        const messages = await t.db.interviewMessage.findMany({
          where: { interviewId: id },
          orderBy: { id: 'asc' },
        })
        return messages.map((m) => m.content)
      })
      .toEqual(local.map((m) => m.content))
    // The completion may be saved just after the last message.
    await expect
      .poll(async () => (await t.db.interview.findUniqueOrThrow({ where: { id } })).completed)
      .toBe(true)
    const row = await t.db.interview.findUniqueOrThrow({ where: { id } })
    expect(row).toMatchObject({ completed: true, sessionId: stored.sessionId, userId: null })
    expect(row.answers).toMatchObject({ cat_name: 'Luna', age: '3', breed: 'Maine Coon' })
    const closing = interviewClosingMessages('Luna').map((m) => m.text)
    expect(local.slice(-6).map((m) => m.content)).toEqual(closing)
    await t.screenshot('interview-completed-paywall')
  })

  it('keeps a needs-sync flag when a save fails, and sends the interview on the next visit', async () => {
    const { page } = t
    // Every save of the interview fails while the intro plays (the row itself is created).
    await page.route(
      (url) => url.pathname.includes('interview.update'),
      (route) => route.abort(),
    )
    await page.goto('/interview')
    await expect
      .poll(
        paced(page, () => bubbles(page, 'assistant').count()),
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(7)
    await expect.poll(() => page.evaluate(() => localStorage.getItem('interview_needs_sync'))).toBe('true')
    const id = Number(await page.evaluate(() => localStorage.getItem('interviewId')))
    expect(id).toBeGreaterThan(0)
    expect(await t.db.interviewMessage.count({ where: { interviewId: id } })).toBe(0)

    // The next visit, to any page, delivers what the failed saves did not.
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.goto('/login')
    const local = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('interview_messages'))) ?? '[]',
    ) as Array<{ content: string }>
    expect(local.length).toBeGreaterThanOrEqual(7)
    await expect
      .poll(async () =>
        (await t.db.interviewMessage.findMany({ where: { interviewId: id }, orderBy: { id: 'asc' } })).map(
          (m) => m.content,
        ),
      )
      .toEqual(local.map((m) => m.content))
    await expect.poll(() => page.evaluate(() => localStorage.getItem('interview_needs_sync'))).toBeNull()
  })

  it('resumes after a reload where it stopped, without replaying what was said', async () => {
    const { page } = t
    await page.goto('/interview')
    await answer(page, 'Mochi')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/Mochi/)
    const before = await texts(page, 'assistant')
    await page.reload()
    await expect
      .poll(
        paced(page, () => bubbles(page, 'assistant').count()),
        { timeout: 20_000 },
      )
      .toBe(before.length)
    expect(await texts(page, 'assistant')).toEqual(before)
    expect(await texts(page, 'user')).toEqual(['Mochi'])
    await answer(page, 'he is overweight')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/old/i)
  })

  it('treats a failed answer check as not satisfied and asks again', async () => {
    const { page } = t
    await page.goto('/interview')
    // tRPC batches calls made together (the save and the check): fail any request that carries the check.
    const isCheck = (url: URL) => url.pathname.includes('interview.check')
    await page.route(isCheck, (route) => route.abort())
    await answer(page, 'Luna')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toBe(CHECK_FAILED_REASON)
    expect(await page.evaluate(() => localStorage.getItem('currentFieldIndex'))).toBeNull()
    await page.unroute(isCheck)
    await answer(page, 'Luna')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/Luna/)
  })
})

describe('a signed-in owner', () => {
  it('gets the receptionist from the server; two failed attempts show the holding line, then the error with Retry', async () => {
    const { page } = t
    const user = await t.signIn()
    await signInBrowser(page, user.token)
    let calls = 0
    const isReply = (url: URL) => url.pathname.includes('interview.reply')
    await page.route(isReply, (route) => {
      calls++
      return route.abort()
    })
    await page.goto('/interview')
    await untilVisible(page.getByRole('alert').getByText(ERRORS.failedAfterAttempts), 20_000)
    expect(calls).toBe(2)
    expect(await texts(page, 'assistant')).toContain(HOLDING_MESSAGE)
    expect(await page.getByRole('status', { name: `${RECEPTIONIST_NAME} is typing` }).count()).toBe(0)
    await page.unroute(isReply)
    await page.getByRole('button', { name: 'Retry' }).click()
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/name/i)
    expect(await page.getByRole('alert').count()).toBe(0)
    // The interview is the owner's from the start.
    const id = Number(await page.evaluate(() => localStorage.getItem('interviewId')))
    expect((await t.db.interview.findUniqueOrThrow({ where: { id } })).userId).toBe(user.id)
  })

  it('continues on another device from the server copy', async () => {
    const user = await t.signIn()
    await signInBrowser(t.page, user.token)
    await t.page.goto('/interview')
    await answer(t.page, 'we call him Mr. Whiskers')
    await expect
      .poll(
        paced(t.page, async () => (await texts(t.page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/Whiskers/)
    const seen = await texts(t.page, 'assistant')

    const other = await t.browser.newContext({ baseURL: t.baseUrl })
    await installPageClock(other)
    try {
      const page = await other.newPage()
      await page.goto('/login')
      await signInBrowser(page, user.token)
      await page.goto('/interview')
      await expect
        .poll(
          paced(page, () => texts(page, 'user')),
          { timeout: 20_000 },
        )
        .toEqual(['we call him Mr. Whiskers'])
      expect(await texts(page, 'assistant')).toEqual(seen)
      expect(await page.evaluate(() => localStorage.getItem('cat_name'))).toBe('Mr. Whiskers')
      await answer(page, 'he throws up sometimes')
      await expect
        .poll(
          paced(page, async () => (await texts(page, 'assistant')).at(-1)),
          { timeout: 20_000 },
        )
        .toMatch(/old/i)
    } finally {
      await other.close()
    }
  })

  it('with a subscription: the trial step runs, the profile is submitted and the chat opens', async () => {
    const { page } = t
    const user = await t.signIn()
    await subscribe(user.id)
    await signInBrowser(page, user.token)
    await page.evaluate(() => localStorage.setItem('subscriptionId', 'sub_stale_value'))
    await page.goto('/interview')
    await answer(page, 'Nala')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/Nala/)
    await answer(page, 'no problems really, just want advice')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/old/i)
    await answer(page, 'two')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/breed/i)
    await answer(page, 'siamese')
    await expect
      .poll(
        paced(page, async () => (await texts(page, 'assistant')).at(-1)),
        { timeout: 20_000 },
      )
      .toMatch(/active/i)
    await answer(page, 'she is mostly inactive')
    await untilPath(page, '/cat-assistant', 30_000)
    const cat = await t.db.cat.findFirstOrThrow({ where: { userId: user.id } })
    expect(cat).toMatchObject({ name: 'Nala', breed: 'Siamese', age: 2 })
    const stored = await page.evaluate(() => ({ ...localStorage }))
    expect(stored.catId).toBe(String(cat.id))
    // The server's subscription replaced the stale id the browser had.
    expect(stored.subscriptionId).toBe(`sub_test_${user.id}`)
  })
})
