// Photos in the chat in Chromium at 390 × 844: attach a photo with the button, see its
// thumbnail in the composer, send it, see it in the thread and at full size (a dialog Escape closes),
// and again after a reload (the history carries it). axe finds nothing on any of these states. A photo
// deleted as never sent (a day in the composer) is refused with words that say so, and no Retry.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { deleteUnsentAttachments } from '../../server/domain/chat/attachments.ts'
import { ATTACHMENT_UNSENT_KEEP_MS } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import {
  browserTestForFile,
  paced,
  untilChatConnected,
  untilVisible,
  WCAG_22_AA,
} from '../helpers/browser.ts'
import { assistantBubbles, messageBox, openSpecialistChat } from '../helpers/chat-page.ts'
import { cameraJpeg } from '../helpers/images.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = browserTestForFile({ viewport: { width: 390, height: 844 } })

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze()
  expect(results.passes.length, 'axe ran its rules').toBeGreaterThan(10)
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

const userBubbles = (page: Page) => page.locator('.bubble[data-role="user"]')

describe('a photo in the chat, on a phone', () => {
  it('is attached by the button, shown in the composer and the thread, viewed full size, kept after a reload', async () => {
    const { page } = t
    const owner = await t.signIn()
    await grantSubscription(t.db, owner.id)
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Luna', breed: 'Persian', age: 5 } })
    await t.storeSession(owner.token, { subscriptionId: 'sub_browser', catId: String(cat.id) })
    await openSpecialistChat(page)

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Add photos' }).click(),
    ])
    expect(chooser.isMultiple()).toBe(true)
    await chooser.setFiles({ name: 'ear.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(400, 200) })
    const thumbnail = page.getByRole('img', { name: 'Attachment 1: ear.jpg' })
    await thumbnail.waitFor()
    // The preview is the local file (a blob: URL the page's CSP allows), shown before the upload ends.
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    // An upload is server work in real time, and its client retries wait on timers: the clock stays put.
    await page
      .getByText('Photo ready: add a few words about what worries you and send.')
      .waitFor({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Remove photo 1' }).waitFor()
    expect(await axe(page)).toEqual([])
    await t.screenshot('chat-photo-composer-390')

    await messageBox(page).fill('What is this scab on her ear?')
    await messageBox(page).press('Enter')
    // The tray empties; the message in the thread carries the photo.
    await expect.poll(() => page.getByRole('img', { name: 'Attachment 1: ear.jpg' }).count()).toBe(0)
    const inThread = page.getByRole('button', { name: 'Photo 1 of 1: view full size' })
    await untilVisible(inThread, 15_000)
    await expect
      .poll(
        paced(page, () =>
          inThread.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
        ),
        {
          timeout: 15_000,
        },
      )
      .toBe(200)
    await expect
      .poll(
        paced(page, () => assistantBubbles(page).last().innerText()),
        { timeout: 20_000 },
      )
      .toContain("I can see you've shared a photo")

    const stored = await t.db.conversationMessage.findFirstOrThrow({
      where: { role: 'user', content: 'What is this scab on her ear?' },
    })
    expect(stored.attachmentIds).toHaveLength(1)

    // Full size: a modal dialog, closed by Escape, focus back on the thumbnail.
    await inThread.click()
    const viewer = page.getByRole('dialog', { name: 'Photo 1 of 1' })
    await viewer.waitFor()
    expect(await viewer.getByRole('img', { name: 'Photo 1 of 1' }).isVisible()).toBe(true)
    expect(await axe(page)).toEqual([])
    await t.screenshot('chat-photo-viewer-390')
    await page.keyboard.press('Escape')
    await expect.poll(() => viewer.count()).toBe(0)
    expect(await inThread.evaluate((el) => el === document.activeElement)).toBe(true)

    // After a reload the history read brings the photo back with its message.
    await page.reload()
    await untilChatConnected(page)
    await untilVisible(page.getByRole('button', { name: 'Photo 1 of 1: view full size' }), 15_000)
    expect(await userBubbles(page).last().innerText()).toContain('What is this scab on her ear?')
    expect(await axe(page)).toEqual([])
    expect(t.pageErrors).toEqual([])
  })

  it('a photo left in the composer until the clean-up deleted it: sending says so, with no Retry', async () => {
    const { page } = t
    const owner = await t.signIn()
    await grantSubscription(t.db, owner.id)
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Nala', breed: 'Siamese', age: 4 } })
    await t.storeSession(owner.token, { subscriptionId: 'sub_browser', catId: String(cat.id) })
    await openSpecialistChat(page)
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Add photos' }).click(),
    ])
    await chooser.setFiles({ name: 'paw.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(200, 200) })
    // An upload is server work in real time, and its client retries wait on timers: the clock stays put.
    await page
      .getByText('Photo ready: add a few words about what worries you and send.')
      .waitFor({ timeout: 15_000 })
    // The page stayed open for more than a day; the worker's clean-up deleted the photo never sent.
    await t.db.chatAttachment.updateMany({
      where: { userId: owner.id },
      data: { createdAt: new Date(Date.now() - ATTACHMENT_UNSENT_KEEP_MS - 60_000) },
    })
    expect(await deleteUnsentAttachments(t.db)).toBe(1)

    await messageBox(page).fill('Is this paw swollen?')
    await messageBox(page).press('Enter')
    await untilVisible(page.locator('.chat__error').getByText(ERRORS.attachmentGone), 15_000)
    expect(await page.locator('.chat__retry').count()).toBe(0)
    expect(await t.db.conversationMessage.count({ where: { content: 'Is this paw swollen?' } })).toBe(0)
    expect(await axe(page)).toEqual([])
    expect(t.pageErrors).toEqual([])
  })

  it('takes photos by paste and by drop, at most 4, and says clearly why one is refused', async () => {
    const { page } = t
    const owner = await t.signIn()
    await grantSubscription(t.db, owner.id)
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Milo', breed: 'Bengal', age: 2 } })
    await t.storeSession(owner.token, { subscriptionId: 'sub_browser', catId: String(cat.id) })
    await openSpecialistChat(page)
    const jpeg = (await cameraJpeg(120, 80)).toString('base64')

    // A paste into the message box, as a phone's or a desktop's clipboard gives a screenshot.
    await messageBox(page).focus()
    await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], 'pasted.jpg', { type: 'image/jpeg' }))
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      )
    }, jpeg)
    await page.getByRole('img', { name: 'Attachment 1: pasted.jpg' }).waitFor()

    // A drop of four more files, one of them a GIF: three fit, the GIF says why it is refused.
    await page.evaluate(async (b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], 'a.jpg', { type: 'image/jpeg' }))
      data.items.add(new File([bytes], 'b.jpg', { type: 'image/jpeg' }))
      data.items.add(new File(['GIF89a'], 'c.gif', { type: 'image/gif' }))
      data.items.add(new File([bytes], 'd.jpg', { type: 'image/jpeg' }))
      const target = document.querySelector('.chat__messages')!
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }))
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
    }, jpeg)
    await page.getByText('You can send up to 4 photos with one message.').waitFor()
    expect(await page.locator('.photo-tray__item').count()).toBe(4)
    await page.getByRole('alert').filter({ hasText: 'The photo must be a JPEG, PNG or WebP image' }).waitFor()
    // Send waits until the refused photo is removed; then the three others go with the message.
    await messageBox(page).fill('Three photos of his paw')
    await expect
      .poll(() => page.locator('.photo-tray__item[data-status="ready"]').count(), { timeout: 15_000 })
      .toBe(3)
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true)
    expect(await axe(page)).toEqual([])
    await page.getByRole('button', { name: 'Remove photo 4' }).click()
    await page.getByRole('button', { name: 'Send' }).click()
    await untilVisible(page.getByRole('button', { name: 'Photo 3 of 3: view full size' }), 15_000)
    // The thread shows the message as it is sent; the server stores it a moment later.
    await expect
      .poll(
        async () =>
          (await t.db.conversationMessage.findFirst({ where: { content: 'Three photos of his paw' } }))
            ?.attachmentIds,
        { timeout: 15_000 },
      )
      .toHaveLength(3)
    expect(t.pageErrors).toEqual([])
  })
})
