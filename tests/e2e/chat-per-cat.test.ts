// One cat, one conversation, in Chromium at both sizes (docs/product.md §4 "Chat room"): two cats, an
// emergency for Mochi, then an everyday question for each, chosen with the cat switcher. Mochi's toy
// question is answered as usual under one line that he still needs the vet, with the banner kept; Luna's
// chat opens on her own conversation (never on Mochi's last reply), and neither her chat nor her vet
// report shows any trace of his emergency.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserTestForFile, DESKTOP_AND_PHONE, paced, signedOut, untilVisible } from '../helpers/browser.ts'
import { assistantBubbles, messageBox, openSpecialistChat, untilReplies } from '../helpers/chat-page.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = browserTestForFile()

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'per-cat-e2e-')), 'report.pdf')
  fs.writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-']).toString()
}

async function ask(page: Page, text: string, replies: number) {
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
  await untilReplies(page, replies)
}

/** The last reply's text, without the screen reader's "Dr. Olivia:" before it. */
const lastReply = async (page: Page) =>
  (await assistantBubbles(page).last().innerText()).replace(/^\s*Dr\. Olivia:\s*/, '')

describe.each(DESKTOP_AND_PHONE)('two cats, an emergency for one, at $name ($width×$height)', (size) => {
  it("keeps Mochi's emergency in Mochi's chat and report, and answers both cats' everyday questions", async () => {
    const { page } = t
    await signedOut(page)
    await page.setViewportSize({ width: size.width, height: size.height })
    const { owner, cat: mochi } = await subscriberWithCat(t, {
      cat: { name: 'Mochi', gender: 'Male', age: 6, breed: 'Other' },
    })
    const luna = await t.db.cat.create({
      data: { userId: owner.id, name: 'Luna', gender: 'Female', age: 4, breed: 'Persian' },
    })
    await t.storeSession(
      owner.token,
      { subscriptionId: 'sub_browser', interview_completed: 'true', catId: String(mochi.id) },
      page,
    )

    await openSpecialistChat(page)
    await untilVisible(page.locator('.chat__about', { hasText: 'About Mochi' }))
    await ask(page, "He's straining in the litter box and nothing comes out", 5)
    await untilVisible(page.getByRole('note', { name: 'Emergency' }).first())

    // An everyday question: answered as usual, under one line that Mochi still needs the vet.
    await ask(page, 'What toys keep him busy?', 6)
    const toys = await lastReply(page)
    expect(toys.split('\n')[0]).toMatch(/Mochi still needs a vet now/)
    expect(toys).toMatch(/play|toy/i)
    expect(toys).not.toMatch(/Please bring|Bring:/)
    // The banner stays while the escalation is open.
    await untilVisible(page.getByRole('note', { name: 'Emergency' }).first())
    await page.screenshot({ path: `tests/.artifacts/screenshots/chat-per-cat-mochi-${size.name}.png` })

    // Luna, chosen with the switcher: her own conversation, opening on her own welcome.
    await page.getByLabel('Your cat').selectOption(String(luna.id))
    await untilVisible(page.locator('.chat__about', { hasText: 'About Luna' }))
    await expect
      .poll(
        paced(page, () => assistantBubbles(page).count()),
        { timeout: 20_000 },
      )
      .toBe(4)
    await expect
      .poll(() => page.getByRole('status', { name: /is typing/ }).count(), { timeout: 20_000 })
      .toBe(0)
    const opening = (await assistantBubbles(page).allInnerTexts()).join('\n')
    expect(opening).toContain('Luna')
    expect(opening).not.toContain('Mochi')
    expect(await page.getByText('nothing comes out').count()).toBe(0)
    expect(await page.getByRole('note').count()).toBe(0)

    await ask(page, 'What toys keep her busy?', 5)
    const lunas = await lastReply(page)
    expect(lunas).toMatch(/play|toy/i)
    expect(lunas).not.toMatch(/still needs|vet now/i)
    expect(await page.getByRole('note').count()).toBe(0)
    await page.screenshot({ path: `tests/.artifacts/screenshots/chat-per-cat-luna-${size.name}.png` })

    // Luna's vet report: nothing of Mochi's emergency, nor of her everyday question.
    const report = async (catId: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/care/report.pdf?cat_id=${catId}`,
        headers: { authorization: `Bearer ${owner.token}` },
      })
      expect(res.statusCode).toBe(200)
      return pdfText(res.rawPayload)
    }
    const lunaReport = await report(luna.id)
    expect(lunaReport).not.toContain('nothing comes out')
    expect(lunaReport).not.toContain('toys keep her busy')
    const mochiReport = await report(mochi.id)
    expect(mochiReport).toContain('nothing comes out')
    expect(mochiReport).not.toContain('toys keep him busy')

    // Back on Mochi: his conversation, the emergency and the banner are still there.
    await page.getByLabel('Your cat').selectOption(String(mochi.id))
    await untilVisible(page.locator('.chat__about', { hasText: 'About Mochi' }))
    await untilVisible(page.getByText('nothing comes out').first())
    await untilVisible(page.getByRole('note', { name: 'Emergency' }).first())
  })
})
