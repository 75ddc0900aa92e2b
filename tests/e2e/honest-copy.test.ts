// Honest copy before the sale, in Chromium at 1280×800 and 390×844: the paywall's wait screen and the
// short quiz's last step say the specialist is an AI, not a vet (the chat's own line); the payment dialog
// says what the trial costs before the card step; the paywall's headings go in order (axe heading-order).
import { AxeBuilder } from '@axe-core/playwright'
import { describe, expect, it } from 'vitest'
import { AI_DISCLOSURE_SPECIALIST } from '../../shared/constants.ts'
import { ACTIVATION_FEE_TEXT } from '../../shared/rules/pricing.ts'
import { browserTestForFile, DESKTOP_AND_PHONE, replaceSession } from '../helpers/browser.ts'

const t = browserTestForFile()

describe.each(DESKTOP_AND_PHONE)('honest copy at $name ($width×$height)', (size) => {
  it('the paywall says AI, not a vet, and the trial price before the card; headings in order', async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    const email = `honest-${size.name}@example.com`
    const { id, token } = await t.signIn(email)
    const cat = await t.db.cat.create({ data: { userId: id, name: 'Tom', breed: 'Siamese' } })
    await replaceSession(page, '/privacy', token, {
      email,
      interview_completed: 'true',
      catId: String(cat.id),
      cat_name: 'Tom',
    })
    await page.goto('/paywall')
    await page.getByRole('heading', { name: 'Your specialist is ready', level: 1 }).waitFor()
    await page.getByText(AI_DISCLOSURE_SPECIALIST).waitFor()
    await page.waitForLoadState('networkidle')
    const axe = await new AxeBuilder({ page }).withRules(['heading-order']).analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])

    await page.getByRole('button', { name: 'Continue' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Postal code').waitFor()
    expect(await dialog.innerText()).toContain(`Due today: ${ACTIVATION_FEE_TEXT}`)
    expect(await dialog.getByRole('heading', { level: 2 }).first().innerText()).not.toMatch(/free/i)
    expect(t.pageErrors).toEqual([])
  })

  it("the short quiz's last step says AI, not a vet", async () => {
    const { page } = t
    await page.setViewportSize({ width: size.width, height: size.height })
    await page.goto('/start')
    await page.getByText('Girl', { exact: true }).click()
    for (const pick of ['1-6 years', '9-12 lbs']) {
      const card = page.getByText(pick, { exact: true })
      if ((await card.count()) > 0) await card.first().click()
      else await page.locator('.choice').first().click()
      await page.getByRole('button', { name: 'Continue' }).click()
    }
    await page.getByRole('heading', { name: 'Your specialist is ready' }).waitFor()
    await page.getByText(AI_DISCLOSURE_SPECIALIST).waitFor()
  })
})
