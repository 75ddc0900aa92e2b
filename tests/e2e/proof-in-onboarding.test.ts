// A returning owner keeps their life (docs/decisions.md "Accounts"): a visitor who finished the quiz pays
// on the paywall (the payment makes the account), confirms the address with the code the thank-you offers,
// shares the cat's report with the vet, and days later signs in with a code on a fresh browser. That
// sign-in is no first proof: no "before you confirmed" review, the cat and the chat are there, and the
// vet's link still opens the report. At a desktop's and a phone's size.
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  browserTestWithSmtp,
  DESKTOP_AND_PHONE,
  installPageClock,
  startMyJourney,
  untilVisible,
} from '../helpers/browser.ts'

const { t, smtp } = browserTestWithSmtp()
const contexts: BrowserContext[] = []
afterAll(async () => {
  for (const context of contexts) await context.close()
})

async function freshBrowser(viewport: { width: number; height: number }): Promise<Page> {
  const context = await t.browser.newContext({ baseURL: t.baseUrl, viewport })
  contexts.push(context)
  await installPageClock(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => t.pageErrors.push(error.message))
  return page
}

describe.each(DESKTOP_AND_PHONE)('the owner who paid in the onboarding ($name)', (size) => {
  it('confirms the address on the thank-you and keeps everything on a fresh browser', async () => {
    const email = `onboarded-${size.name}-${Date.now()}@example.com`
    const page = await freshBrowser(size)
    // What the quiz and the interview leave in a visitor's browser.
    await page.goto('/privacy')
    await page.evaluate(() => {
      for (const [key, value] of Object.entries({
        cat_name: 'Mochi',
        gender: 'Male',
        breed: 'Siamese',
        age: '4',
        interview_completed: 'true',
      }))
        localStorage.setItem(key, value)
    })
    await page.goto('/paywall')
    await page.getByText('left to respond').waitFor()
    await page.getByRole('button', { name: 'Continue' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Full name').fill('Dana Whitfield')
    await dialog.getByLabel('Email').fill(email)
    await dialog.getByLabel('Country').selectOption('US')
    await dialog.getByLabel('State / Region').selectOption('CA')
    await dialog.getByLabel('Postal code').fill('94105')
    await dialog.getByRole('button', { name: 'Next' }).click()
    await dialog.getByLabel('Card number').fill('4242 4242 4242 4242')
    await dialog.getByLabel('Expiry (MM/YY)').fill('12/34')
    await dialog.getByLabel('CVC').fill('123')
    await dialog.getByRole('button', { name: /^Pay \$1\.99/ }).click()
    await untilVisible(dialog.getByRole('heading', { name: 'Thank you for subscribing!' }), 20_000)

    // The thank-you offers the code that proves the address; the owner types it.
    const since = Date.now()
    await dialog.getByRole('button', { name: 'Send me the code' }).click()
    const code = await smtp.waitForCode(email, { since })
    await dialog.getByLabel('Code from the e-mail').fill(code)
    await dialog.getByRole('button', { name: 'Confirm my e-mail' }).click()
    await dialog.getByText(`E-mail confirmed: sign in with ${email} on any device.`).waitFor()
    const owner = await t.db.user.findUniqueOrThrow({ where: { email } })
    expect(owner.emailVerifiedAt).toBeInstanceOf(Date)
    await startMyJourney(page, dialog)

    // The vet's link, made from the Progress page of Care.
    await page.goto('/care/progress')
    await page.getByRole('button', { name: 'Create a share link' }).click()
    const link = await page.locator('#report-share-link').inputValue()
    expect(link).toContain('/api/care/report/shared')

    // Days later, another browser: a code sign-in.
    // (Days later: the address's codes and their resend interval are long gone.)
    await t.db.otpCode.deleteMany({ where: { email } })
    const again = await freshBrowser(size)
    await again.goto('/login')
    const later = Date.now()
    await again.getByLabel('Email').fill(email)
    await again.getByRole('button', { name: 'Send Login Code' }).click()
    await again.getByLabel('Login code').fill(await smtp.waitForCode(email, { since: later }))
    await again.getByRole('button', { name: 'Verify code' }).click()
    await again.waitForURL('**/cat-assistant')
    await again.getByText('Mochi').first().waitFor()
    expect(
      await again.getByRole('heading', { name: 'Before you confirmed your e-mail address' }).count(),
    ).toBe(0)
    expect(await t.db.cat.count({ where: { userId: owner.id, name: 'Mochi' } })).toBe(1)
    expect(await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).toMatchObject({
      heldBeforeProof: null,
    })
    // The link names the configured public address; the test's server listens on its own port.
    const report = await again.request.get(new URL(link).pathname + new URL(link).search)
    expect(report.status()).toBe(200)
    expect(report.headers()['content-type']).toContain('application/pdf')
  })
})
