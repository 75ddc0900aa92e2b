// Sharing a cat's care in Chromium (docs/household.md), with real clicks and the mail the app sends: the
// owner invites a sitter on /household; the sitter opens the mailed link signed out, signs in with the
// mailed code, comes back, accepts, and on the sitter's one-page Care logs a dose; the owner then sees
// the dose with the sitter's address in the Care page's activity, and removes the sitter after a
// confirmation. The used link, opened again, says in words that it is no longer valid. axe checks the Household page and
// the sitter's page; neither scrolls sideways.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestWithSmtp, DESKTOP_AND_PHONE, replaceSession, WCAG_22_AA } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const { t, smtp } = browserTestWithSmtp()

async function expectAccessible(page: Page, width: number) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

describe.each(DESKTOP_AND_PHONE)('sharing a cat with a sitter at $name ($width×$height)', (size) => {
  it('invites, accepts through sign-in, logs a dose as the sitter, and the owner sees who did it', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const ownerEmail = `owner-share-${size.name}@example.com`
    const sitterEmail = `sitter-share-${size.name}@example.com`
    const owner = await t.signIn(ownerEmail)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const cat = await t.db.cat.create({
      data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 6, medicalConditions: 'Hyperthyroid' },
    })
    await t.db.medication.create({
      data: { catId: cat.id, name: 'Methimazole', dose: '2.5 mg', times: ['08:00'], startOn: new Date() },
    })

    // The owner invites the sitter from the Household page, reached from the menu.
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/care')
    await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()
    if (size.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Household' }).click()
    await page.getByRole('heading', { name: 'Household', level: 1 }).waitFor()
    await page.getByText('No one shares your cats').waitFor()
    const since = Date.now()
    await page.getByLabel('Their e-mail address').fill(sitterEmail)
    await page.getByRole('radio', { name: /Sitter/ }).check()
    await page.getByLabel(/Days of access/).fill('3')
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await page.getByText(`Invitation sent to ${sitterEmail}`).waitFor()
    await page
      .getByRole('listitem')
      .filter({ hasText: sitterEmail })
      .getByText('Invited', { exact: true })
      .waitFor()
    await expectAccessible(page, size.width)

    // The sitter, in a browser of their own, opens the mailed link signed out.
    const mail = await smtp.waitForMail(sitterEmail, { since })
    const link = /https?:\/\/[^\s"<>]+\/household\/accept\?token=[A-Za-z0-9_-]+/.exec(mail.decoded)?.[0]
    expect(link).toBeDefined()
    const sitterContext = await t.browser.newContext({
      baseURL: t.baseUrl,
      viewport: { width: size.width, height: size.height },
      serviceWorkers: 'block',
    })
    try {
      const sitter = await sitterContext.newPage()
      sitter.on('pageerror', (error) => t.pageErrors.push(error.message))
      const url = new URL(link!)
      await sitter.goto(`${url.pathname}${url.search}`)
      await sitter.waitForURL('**/login?next=*')
      const codeSince = Date.now()
      await sitter.getByLabel('Email').fill(sitterEmail)
      await sitter.getByRole('button', { name: 'Send Login Code' }).click()
      await sitter.getByLabel('Login code').fill(await smtp.waitForCode(sitterEmail, { since: codeSince }))
      await sitter.getByRole('button', { name: 'Verify code' }).click()
      await sitter.waitForURL('**/household/accept?token=*')

      await sitter.getByRole('button', { name: 'Accept the invitation' }).click()
      await sitter.getByText(`${ownerEmail} now shares this cat with you as a sitter`).waitFor()
      await sitter.getByRole('button', { name: 'Go to Mochi' }).click()
      await sitter.waitForURL('**/care')

      // The sitter's one page: today's tasks and the emergency card, no chat.
      await sitter.getByRole('heading', { name: 'Today for Mochi' }).waitFor()
      await sitter.getByText(`Mochi is shared by ${ownerEmail}`).waitFor()
      const card = sitter.getByRole('region', { name: 'Emergency card' })
      await card.getByText('Hyperthyroid').waitFor()
      await card.getByRole('link', { name: ownerEmail }).waitFor()
      await sitter.getByRole('button', { name: 'Save weight' }).waitFor()
      expect(await sitter.locator('main a[href="/cat-assistant"]').count()).toBe(0)
      await sitter.getByRole('button', { name: 'Log a dose of Methimazole' }).click()
      await sitter.getByText('Dose logged.').waitFor()
      await expect.poll(() => t.db.medicationDose.count({ where: { medication: { catId: cat.id } } })).toBe(1)
      await expectAccessible(sitter, size.width)

      // The link works once: opened again, it says so in words, not a code.
      await sitter.goto(`${url.pathname}${url.search}`)
      await sitter.getByRole('button', { name: 'Accept the invitation' }).click()
      await sitter.getByRole('alert').getByText(`This link is not valid for ${sitterEmail}`).waitFor()
      expect(await sitter.getByRole('alert').innerText()).toMatch(/expired or been used already/)
    } finally {
      await sitterContext.close()
    }

    // The owner's Care page names the sitter beside the dose, newest first.
    await page.goto('/care')
    const activity = page.getByRole('region', { name: 'Activity' })
    const newest = activity.getByRole('listitem').first()
    await newest.getByText(`by ${sitterEmail}`).waitFor()
    expect(await newest.innerText()).toMatch(/Methimazole/)

    // Removing the sitter asks first; then their access is gone.
    await page.goto('/household')
    await page.getByRole('button', { name: `Remove ${sitterEmail}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Remove this member?' })
    await confirm.getByRole('button', { name: 'Keep' }).waitFor()
    await confirm.getByRole('button', { name: 'Remove' }).click()
    await page.getByText('No one shares your cats').waitFor()
    const sitterUser = await t.db.user.findUniqueOrThrow({ where: { email: sitterEmail } })
    expect(await t.db.householdMember.count({ where: { memberId: sitterUser.id } })).toBe(0)
  })
})
