// The Household page's invitation form in Chromium at 1280×800 and 390×844 (docs/household.md): every
// mistake an owner can make answers in words, in the form's alert, and nothing is mailed: a missing or
// malformed address, no role chosen, a sitter with no days or days that end before today, no cat chosen,
// the owner's own address, and someone already in the household. A correct invitation then goes out.
import { describe, expect, it } from 'vitest'
import { browserTestWithSmtp, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const { t, smtp } = browserTestWithSmtp()

describe.each(DESKTOP_AND_PHONE)('the invitation form at $name ($width×$height)', (size) => {
  it('says in words what is wrong with each mistake, then sends a correct invitation', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const ownerEmail = `owner-invite-form-${size.name}@example.com`
    const memberEmail = `member-invite-form-${size.name}@example.com`
    const owner = await t.signIn(ownerEmail)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi' } })
    const member = await t.signIn(memberEmail)
    await t.db.householdMember.create({
      data: { ownerId: owner.id, memberId: member.id, role: 'family', catIds: [cat.id] },
    })
    await replaceSession(page, '/login', owner.token, { catId: String(cat.id) })
    await page.goto('/household')
    await page.getByRole('heading', { name: 'Household', level: 1 }).waitFor()
    const form = page.getByRole('form', { name: 'Invite someone' })
    const address = form.getByLabel('Their e-mail address')
    const send = form.getByRole('button', { name: 'Send invitation' })
    const since = Date.now()

    /** Sends the form and answers the alert's words (the alert names the mistake, nothing raw). */
    async function problem(): Promise<string> {
      await send.click()
      const alert = form.getByRole('alert')
      await alert.waitFor()
      return (await alert.innerText()).trim()
    }

    expect(await problem()).toBe('Enter the e-mail address to invite.')
    await address.fill('not-an-address')
    expect(await problem()).toBe('Enter a valid e-mail address, like name@example.com.')
    await address.fill('new-sitter@example.com')
    // Family shares the chat, a sitter only some days: the owner chooses, nothing is chosen for them.
    expect(await form.getByRole('radio', { checked: true }).count()).toBe(0)
    expect(await problem()).toBe('Choose whether they join as family or as a sitter.')

    await form.getByRole('radio', { name: /Sitter/ }).check()
    const days = form.getByLabel(/Days of access/)
    await days.fill('')
    expect(await problem()).toBe("Enter the sitter's days of access as a whole number from 1 to 90.")
    await days.fill('0')
    expect(await problem()).toBe("Enter the sitter's days of access as a whole number from 1 to 90.")
    await days.fill('-3')
    expect(await problem()).toBe("Enter the sitter's days of access as a whole number from 1 to 90.")
    await days.fill('3')

    await form.getByRole('checkbox', { name: /All my cats/ }).uncheck()
    expect(await problem()).toBe('Choose at least one cat, or all your cats.')
    await form.getByRole('checkbox', { name: 'Mochi' }).check()

    await address.fill(ownerEmail.toUpperCase())
    expect(await problem()).toBe('That is your own address: invite someone else.')
    await address.fill(memberEmail)
    expect(await problem()).toBe(
      `${memberEmail} is already in your household. Remove them first to change their access.`,
    )
    // No mistake was mailed.
    expect(smtp.messages.filter((m) => m.receivedAt >= since)).toEqual([])

    await address.fill('new-sitter@example.com')
    await send.click()
    await form.getByText('Invitation sent to new-sitter@example.com').waitFor()
    expect(await form.getByRole('alert').count()).toBe(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
    await t.db.householdInvite.deleteMany({ where: { ownerId: owner.id } })
  })
})
