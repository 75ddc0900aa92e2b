// /cat-profile's photo area: no photo error before the owner tries to save, and SAVE PROFILE in view
// on arrival at both screen sizes (the empty photo area is compact; a shown photo gets the
// 415 px of docs/product.md §2).
import { beforeAll, describe, expect, it } from 'vitest'
import { CAT_MESSAGES } from '../../shared/schemas/cat.ts'
import { browserTestForFile } from '../helpers/browser.ts'

const t = browserTestForFile()
let owner: { id: number; token: string }
let catId: number

beforeAll(async () => {
  owner = await t.signIn('photo-owner@example.com')
  const caller = await t.caller(owner.token)
  catId = (await caller.cat.create({ name: 'Pixel', breed: 'Siamese', age: 3 })).id
})

const save = () => t.page.getByRole('button', { name: 'SAVE PROFILE' })
const focused = (label: string) =>
  t.page.getByLabel(label, { exact: true }).evaluate((element) => element === document.activeElement)

describe('/cat-profile photo area', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}×${viewport.height}: no error on arrival, SAVE in view, the error after an attempt`, async () => {
      await t.page.setViewportSize(viewport)
      await t.storeSession(owner.token, { email: 'photo-owner@example.com' })
      await t.page.goto('/cat-profile')
      await expect.poll(() => t.page.getByLabel('Cat name').inputValue()).toBe('Pixel')
      expect(await t.page.getByText(CAT_MESSAGES.photo).count()).toBe(0)
      await t.screenshot(`profile-photo-${viewport.width}`)
      const box = await save().boundingBox()
      expect(box).not.toBeNull()
      expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height)

      // An edit alone does not scold; trying to save (Enter in the form) says what is missing.
      await t.page.getByLabel('Cat name').fill('Pixel Two')
      expect(await t.page.getByText(CAT_MESSAGES.photo).count()).toBe(0)
      await t.page.getByLabel('Cat name').press('Enter')
      await t.page.getByText(CAT_MESSAGES.photo).waitFor()
      // The attempt takes the owner to what is missing (docs/decisions.md, "Profile photo").
      await expect.poll(() => focused('Upload photo')).toBe(true)
      // A click on the (not yet usable) SAVE is an attempt too, and sends nothing.
      await save().click({ force: true })
      expect(await save().isDisabled()).toBe(true)
      await expect.poll(() => focused('Upload photo')).toBe(true)
      // With the name emptied too, the first missing field is the name.
      await t.page.getByLabel('Cat name').fill('')
      await save().click({ force: true })
      await expect.poll(() => focused('Cat name')).toBe(true)
      const row = await t.db.cat.findUniqueOrThrow({ where: { id: catId } })
      expect(row.name).toBe('Pixel')
    })
  }
})
