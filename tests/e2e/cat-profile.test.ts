// /cat-profile in Chromium: the form, SAVE PROFILE only when something changed and the form is valid,
// saving with a photo (sniffed by the server), the photo shown back to its owner, and the cancel dialog.
import type { Request } from 'playwright-core'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ERRORS } from '../../shared/errors.ts'
import { CAT_BREEDS } from '../../shared/options.ts'
import { CAT_MESSAGES } from '../../shared/schemas/cat.ts'
import { browserTestForFile } from '../helpers/browser.ts'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

const t = browserTestForFile()
let owner: { id: number; token: string }
let catId: number

beforeAll(async () => {
  owner = await t.signIn('profile-owner@example.com')
  const caller = await t.caller(owner.token)
  catId = (await caller.cat.create({ name: 'Mochi', breed: 'Maine Coon', age: 5 })).id
})
beforeEach(async () => {
  await t.page.goto('/login')
  await t.page.evaluate(
    ({ token }) => {
      localStorage.clear()
      localStorage.setItem('token', token)
      localStorage.setItem('expiry', String(Date.now() + 3_600_000))
      localStorage.setItem('email', 'profile-owner@example.com')
    },
    { token: owner.token },
  )
})

const save = () => t.page.getByRole('button', { name: 'SAVE PROFILE' })

describe('/cat-profile', () => {
  it('edits and saves the name, breed and photo', async () => {
    const { page } = t
    await page.goto('/cat-profile')
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor()
    const name = page.getByLabel('Cat name')
    await expect.poll(() => name.inputValue()).toBe('Mochi')
    // The quiz's 'Maine Coon' is the profile's too: the wizard and the profile offer one breed list.
    const breed = page.getByLabel('Breed')
    expect(await breed.inputValue()).toBe('Maine Coon')
    const options = await breed.locator('option:not([disabled])').allInnerTexts()
    expect(options).toEqual([...CAT_BREEDS])
    // With no photo yet the area is compact (SAVE stays in view); a shown photo gets the
    // 415 px of docs/product.md §2.
    const photoHeight = () => page.locator('.photo-area').evaluate((el) => el.getBoundingClientRect().height)
    expect(await photoHeight()).toBeLessThan(415)
    await page.getByText('at least 256x256 px, PNG or JPG', { exact: false }).waitFor()
    // No logo header on this screen.
    expect(await page.getByRole('link', { name: 'Kitty Care home' }).count()).toBe(0)

    // Nothing changed: disabled. A change without a photo: still not valid.
    expect(await save().isDisabled()).toBe(true)
    await name.fill('Mochi Bean')
    expect(await save().isDisabled()).toBe(true)
    // The photo's error waits for an attempt to save.
    expect(await page.getByText(CAT_MESSAGES.photo).count()).toBe(0)
    await name.press('Enter')
    await page.getByText(CAT_MESSAGES.photo).waitFor()
    await name.fill('')
    await page.getByText(CAT_MESSAGES.name).waitFor()
    await name.fill('Mochi Bean')

    // A file that is not an image is refused on the spot.
    await page
      .getByLabel('Upload photo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
    await page.getByRole('alert').getByText(ERRORS.photoType).waitFor()
    expect(await save().isDisabled()).toBe(true)

    await page
      .getByLabel('Upload photo')
      .setInputFiles({ name: 'mochi.png', mimeType: 'image/png', buffer: PNG })
    await page.locator('.photo-area img[src^="blob:"]').waitFor()
    expect(await photoHeight()).toBe(415)
    await breed.selectOption('Siamese')
    expect(await save().isDisabled()).toBe(false)
    await t.screenshot('cat-profile-before-save')
    // The photo travels as multipart/form-data, its bytes as they are (Chromium does not show a file
    // part's bytes to the test): no call carries it as base64 inside JSON.
    const sent: Array<{ url: string; type: string; body: Buffer | null }> = []
    const record = (request: Request) => {
      if (request.method() === 'POST' && request.url().includes('/trpc/'))
        sent.push({
          url: request.url(),
          type: request.headers()['content-type'] ?? '',
          body: request.postDataBuffer(),
        })
    }
    page.on('request', record)
    await save().click()
    await page.getByRole('status').getByText('Profile saved.').waitFor()
    page.off('request', record)
    expect(await save().isDisabled()).toBe(true)
    const upload = sent.filter((request) => new URL(request.url).pathname === '/trpc/cat.updateForm')
    expect(upload).toHaveLength(1)
    expect(upload[0]!.type).toMatch(/^multipart\/form-data; boundary=/)
    for (const request of sent)
      expect(request.body?.toString('latin1') ?? '').not.toContain(PNG.toString('base64'))

    const row = await t.db.cat.findUniqueOrThrow({ where: { id: catId }, include: { photo: true } })
    expect(row).toMatchObject({
      name: 'Mochi Bean',
      breed: 'Siamese',
      photo: { mimetype: 'image/png', name: 'mochi.png' },
    })
    // Stored re-encoded without metadata: the same 1×1 PNG picture.
    expect(await sharp(row.photo!.data).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 })

    // Back again: the stored photo's signed address is fetched with the token and the <img> loads it;
    // the form is valid without a new file.
    await page.reload()
    await page.locator('.photo-area img[src^="/api/files/cat/"]').waitFor()
    expect(
      await page.locator('.photo-area img').evaluate((img) => (img as HTMLImageElement).naturalWidth),
    ).toBe(1)
    await name.fill('Mochi')
    expect(await save().isDisabled()).toBe(false)
    await name.fill('Mochi Bean')
    expect(await save().isDisabled()).toBe(true)
  })

  it("shows the server's refusal of a file that only claims to be an image, keeping what was typed", async () => {
    const { page } = t
    await page.goto('/cat-profile')
    await expect.poll(() => page.getByLabel('Cat name').inputValue()).not.toBe('')
    await page.getByLabel('Cat name').fill('Renamed')
    await page.getByLabel('Upload photo').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'),
    })
    await save().click()
    await page.getByRole('alert').getByText(ERRORS.photoType).waitFor()
    expect(await page.getByLabel('Cat name').inputValue()).toBe('Renamed')
    expect((await t.db.cat.findUniqueOrThrow({ where: { id: catId } })).name).not.toBe('Renamed')
  })

  it('asks before cancelling the subscription', async () => {
    const { page } = t
    await page.goto('/cat-profile')
    await page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Cancel Subscription?' })
    await dialog.getByText("Are you sure you want to cancel your subscription? We'll miss you!").waitFor()
    await dialog.getByRole('button', { name: 'Yes, Cancel' }).waitFor()
    await t.screenshot('cat-profile-cancel-dialog')
    await dialog.getByRole('button', { name: 'Keep Subscription' }).click()
    expect(await page.getByRole('alertdialog').count()).toBe(0)
    await page.getByRole('button', { name: 'CANCEL SUBSCRIPTION' }).click()
    await page.keyboard.press('Escape')
    expect(await page.getByRole('alertdialog').count()).toBe(0)
  })

  it('says so when the owner has no cat yet', async () => {
    const fresh = await t.signIn('no-cat-yet@example.com')
    await t.page.evaluate(({ token }) => localStorage.setItem('token', token), { token: fresh.token })
    await t.page.goto('/cat-profile')
    await t.page.getByText(ERRORS.noCatFound).waitFor()
    await t.page.getByRole('link', { name: 'Tell us about your cat' }).click()
    await t.page.waitForURL('**/onboarding?step=1')
  })
})
