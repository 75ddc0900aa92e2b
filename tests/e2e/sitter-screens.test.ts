// A sitter sees a sitter's screens (docs/household.md, the access table): every page a sitter can open
// (Care, Progress, the Review Report, Profile, Household) shows no control the server refuses a sitter:
// no profile editing, no chat, no share link or report, no upsell, no delete, no household management and
// no "create a cat". The invitation page names who shares which cats before it is accepted. At a
// desktop's and a phone's size.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestWithSmtp, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const { t, smtp } = browserTestWithSmtp()

/** A control a sitter may not use (docs/household.md: manage, chat and own are not a sitter's). */
const FORBIDDEN =
  /edit profile|chat with expert|see plans|share link|download for my vet|delete|invite|create your cat|add a cat|start.*trial|subscribe|cancel subscription|save profile/i

/**
 * The names of every visible button and link on the page's main content, but those of the user's own
 * account (the sitter may download or delete their own data: the Profile's "Your data").
 */
async function controls(page: Page): Promise<string[]> {
  return page
    .locator('main')
    .locator('a, button')
    .evaluateAll((items) =>
      items
        .filter((item) => (item as HTMLElement).offsetParent !== null)
        .filter((item) => !item.closest('[aria-labelledby="data-title"]'))
        .map((item) => (item.getAttribute('aria-label') ?? item.textContent ?? '').trim()),
    )
}

async function household(size: string) {
  const owner = await t.signIn(`owner-sitter-${size}@example.com`, {
    firstName: 'Dana',
    fullName: 'Dana Whitfield',
  })
  await grantSubscription(t.db, owner.id, { status: 'active' })
  const mochi = await t.db.cat.create({
    data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', weightUnit: 'Kg' },
  })
  await t.db.weightEntry.create({
    data: { catId: mochi.id, weight: 5.2, unit: 'Kg', measuredAt: new Date() },
  })
  const sitter = await t.signIn(`sitter-screens-${size}@example.com`)
  await t.db.householdMember.create({
    data: {
      ownerId: owner.id,
      memberId: sitter.id,
      role: 'sitter',
      catIds: [mochi.id],
      accessEndsAt: new Date(Date.now() + 3 * 86_400_000),
    },
  })
  return { owner, sitter, mochi }
}

describe.each(DESKTOP_AND_PHONE)('a sitter at $name ($width×$height)', (size) => {
  it('sees on every page only the controls a sitter may use', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const { sitter, mochi } = await household(size.name)
    await replaceSession(page, '/login', sitter.token, { catId: String(mochi.id) })

    const pages: [string, string][] = [
      ['/care', 'Today for Mochi'],
      ['/care/progress', 'Mochi'],
      ['/progress', 'Review Report'],
      ['/cat-profile', 'Account'],
      ['/household', 'Household'],
    ]
    for (const [path, heading] of pages) {
      await page.goto(path)
      await page.getByRole('heading', { name: heading }).first().waitFor()
      // What loads after the heading (the weights, the report) is on screen before the controls are read.
      await page.waitForLoadState('networkidle')
      const seen = await controls(page)
      await t.screenshot(`sitter-${size.name}${path.replace(/\//g, '-')}`)
      expect(
        seen.filter((name) => FORBIDDEN.test(name)),
        `${path} offers a sitter: ${seen.join(' | ')}`,
      ).toEqual([])
    }
  })

  it('the invitation names the owner and the cats before it is accepted', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`owner-invite-names-${size.name}@example.com`, {
      firstName: 'Dana',
      fullName: 'Dana Whitfield',
    })
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi' } })
    const invitee = `invitee-names-${size.name}@example.com`
    const api = await t.caller(owner.token)
    const since = Date.now()
    await api.household.invite({ email: invitee, role: 'sitter', cat_ids: [cat.id], days: 3 })
    const mail = await smtp.waitForMail(invitee, { since })
    const link = /https?:\/\/[^\s"<>]*\/household\/accept\?token=[^\s"<>]+/.exec(mail.decoded)?.[0]
    expect(link).toBeTruthy()
    const member = await t.signIn(invitee)
    await replaceSession(page, '/login', member.token)
    await page.goto(new URL(link!).pathname + new URL(link!).search)
    await page.getByRole('heading', { name: 'Join a household' }).waitFor()
    await page.getByText('Dana Whitfield shares Mochi with you as a sitter').waitFor()
  })
})
