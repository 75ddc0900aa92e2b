// The owner turns follow-ups after an urgent answer off and on again for one cat, on the Care page, in
// Chromium at both sizes: the server holds the choice per cat, and the page shows it after a reload.
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile()

describe.each(DESKTOP_AND_PHONE)('follow-ups on the Care page at $name ($width×$height)', (size) => {
  it('turns them off for the chosen cat only, and keeps the choice across a reload', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const owner = await t.signIn(`follow-up-setting-${size.name}@example.com`)
    await grantSubscription(t.db, owner.id, { status: 'active' })
    const luna = await t.db.cat.create({ data: { userId: owner.id, name: 'Luna' } })
    const mochi = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi' } })
    await replaceSession(page, '/login', owner.token, { catId: String(mochi.id) })
    await page.goto('/care')
    const box = page.getByRole('checkbox', { name: /Ask me whether Mochi saw a vet/ })
    await box.waitFor()
    expect(await box.isChecked()).toBe(true)

    await box.click()
    await expect.poll(() => box.isChecked()).toBe(false)
    await expect
      .poll(async () => (await t.db.cat.findUniqueOrThrow({ where: { id: mochi.id } })).followUpsOn)
      .toBe(false)
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: luna.id } })).followUpsOn).toBe(true)

    await page.reload()
    await page.getByRole('checkbox', { name: /Ask me whether Mochi saw a vet/ }).waitFor()
    expect(await page.getByRole('checkbox', { name: /Ask me whether Mochi saw a vet/ }).isChecked()).toBe(
      false,
    )
  })
})
