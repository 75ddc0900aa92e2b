// A household member's own way in (docs/household.md, "On screen"): a sitter or family member with no cat
// and no subscription of their own signs in on plain /login (not through an invitation's link) and lands
// where their shared cats are, /care, never on the chat's paywall: a sitter on their one-page Care, family
// on the full Care page. The menu offers only what the server says the account may reach: a sitter sees no
// chat, no report or billing and no Household, but does see First aid (docs/first-aid.md: the guide an owner
// or a sitter opens); family (covered by the owner's subscription) keeps the chat.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestWithSmtp, DESKTOP_AND_PHONE } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const { t, smtp } = browserTestWithSmtp()

/** Signs `email` in by the mailed code on /login, in a browser of its own at `size`. */
async function signInByCode(email: string, size: { width: number; height: number }) {
  const context = await t.browser.newContext({
    baseURL: t.baseUrl,
    viewport: { width: size.width, height: size.height },
    serviceWorkers: 'block',
  })
  const page = await context.newPage()
  page.on('pageerror', (error) => t.pageErrors.push(error.message))
  await page.goto('/login')
  const since = Date.now()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Login Code' }).click()
  await page.getByLabel('Login code').fill(await smtp.waitForCode(email, { since }))
  await page.getByRole('button', { name: 'Verify code' }).click()
  return { context, page }
}

/** The names of the main menu's entries (opening the phone's drawer first). */
async function menuEntries(page: Page, phone: boolean): Promise<string[]> {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Care' }).waitFor()
  // The entries that depend on the account's reach come with the server's answer: wait for the last one.
  await nav.getByRole('link', { name: 'Profile' }).waitFor()
  const names = await nav
    .locator('a, button')
    .evaluateAll((items) => items.map((item) => (item.textContent ?? '').trim()))
  if (phone) await page.getByRole('button', { name: 'Close menu' }).click()
  return names
}

async function householdOf(size: string, tag: string) {
  const owner = await t.signIn(`owner-home-${tag}-${size}@example.com`)
  await grantSubscription(t.db, owner.id, { status: 'active' })
  const cat = await t.db.cat.create({
    data: { userId: owner.id, name: 'Mochi', breed: 'Siamese', age: 6, medicalConditions: 'Hyperthyroid' },
  })
  const member = async (email: string, role: 'family' | 'sitter') => {
    const user = await t.signIn(email)
    await t.db.householdMember.create({
      data: {
        ownerId: owner.id,
        memberId: user.id,
        role,
        catIds: [cat.id],
        accessEndsAt: role === 'sitter' ? new Date(Date.now() + 3 * 86_400_000) : null,
      },
    })
  }
  const sitter = `sitter-home-${tag}-${size}@example.com`
  const family = `family-home-${tag}-${size}@example.com`
  await member(sitter, 'sitter')
  await member(family, 'family')
  return { sitter, family }
}

describe.each(DESKTOP_AND_PHONE)('a member signing in on /login at $name ($width×$height)', (size) => {
  it('a sitter lands on their one-page Care, never the paywall, and the menu has no chat', async () => {
    const { sitter } = await householdOf(size.name, 'sitter')

    const { context, page } = await signInByCode(sitter, size)
    try {
      await page.waitForURL('**/care')
      await page.getByRole('heading', { name: 'Today for Mochi' }).waitFor()
      expect(await menuEntries(page, size.name === 'phone')).toEqual([
        'Care',
        'Progress',
        'First aid',
        'Logout',
        'Profile',
      ])
      // The chat is not theirs: its address leads back to Care, not to the paywall.
      await page.goto('/cat-assistant')
      await page.waitForURL('**/care')
      await page.getByRole('heading', { name: 'Today for Mochi' }).waitFor()
      await page.goto('/paywall')
      await page.waitForURL('**/care')
      // Their Profile is their own account's, not the owner's cat nor the owner's billing.
      await page.goto('/cat-profile')
      await page.getByRole('heading', { name: 'Account', level: 2 }).waitFor()
      expect(await page.getByRole('button', { name: /SAVE PROFILE|CANCEL SUBSCRIPTION/ }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('family lands on Care and keeps the chat, covered by the owner’s subscription', async () => {
    const { family } = await householdOf(size.name, 'family')
    const familyBrowser = await signInByCode(family, size)
    try {
      const { page } = familyBrowser
      await page.waitForURL('**/care')
      await page.getByRole('heading', { name: 'Care', level: 1 }).waitFor()
      expect(await page.getByRole('heading', { name: 'Today for Mochi' }).count()).toBe(0)
      expect(await menuEntries(page, size.name === 'phone')).toEqual([
        'Chat with Expert',
        'Review Report',
        'Care',
        'Progress',
        'First aid',
        'Logout',
        'Profile',
      ])
      // The owner's subscription covers family: the chat opens, the paywall does not.
      await page.goto('/cat-assistant')
      await page.getByRole('textbox').first().waitFor()
      expect(new URL(page.url()).pathname).toBe('/cat-assistant')
    } finally {
      await familyBrowser.context.close()
    }
  })
})
