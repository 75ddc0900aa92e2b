// /cat-assistant in Chromium: a reply to an urgent message shows an emergency banner above it
// with a "Find a 24-hour emergency vet" map search (nothing about the owner is sent to us), or with the
// cat's saved vets as "Call … now" tel: links and the first-aid situation for the sign found, a softer
// note for what needs a vet within 24 hours, at the phone size; axe finds nothing; a reload keeps them.
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { browserTestWithOpenAi, signedOut, untilChatConnected, untilVisible } from '../helpers/browser.ts'
import { assistantBubbles, messageBox, openSpecialistChat, untilReplies } from '../helpers/chat-page.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

type Vet = { name: string; phone: string }

// A model that never escalates: the banner comes from the product's triage.
const { t, double } = browserTestWithOpenAi({ viewport: { width: 390, height: 844 } })
beforeEach(async () => {
  double.reset()
  double.setDefault({ reply: 'Keep fresh water out and watch how she does.' })
  await signedOut(t.page)
})

async function openChat(page: Page, vets?: { usual?: Vet; emergency?: Vet }) {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Luna', gender: 'Female' } })
  if (vets) await (await t.caller(owner.token)).record.updateVets(vets)
  await t.storeSession(
    owner.token,
    { subscriptionId: 'sub_browser', interview_completed: 'true', catId: String(cat.id) },
    page,
  )
  await openSpecialistChat(page)
}

/** Sends the first message of the conversation and waits for the whole reply. */
async function send(page: Page, text: string) {
  await messageBox(page).fill(text)
  await messageBox(page).press('Enter')
  await untilReplies(page, 5)
}

async function axeProblems(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

describe('urgency on screen', () => {
  it('an emergency reply gets the banner and the map search link; a reload keeps it', async () => {
    const { page } = t
    await openChat(page)
    await send(page, 'She chewed a lily leaf from the bouquet')
    const banner = page.getByRole('note', { name: 'Emergency' })
    await untilVisible(banner, 20_000)
    expect(await banner.innerText()).toMatch(/vet now/i)
    const link = banner.getByRole('link', { name: /Find a 24-hour emergency vet/ })
    expect(await link.getAttribute('href')).toBe('https://www.google.com/maps/search/24+hour+emergency+vet')
    expect(await link.getAttribute('rel')).toContain('noreferrer')
    // The banner sits right above the reply it is about.
    const next = await banner.evaluate((node) => node.nextElementSibling?.getAttribute('data-role'))
    expect(next).toBe('assistant')
    expect(await axeProblems(page)).toEqual([])
    await page.reload()
    await untilChatConnected(page)
    await untilVisible(page.getByRole('note', { name: 'Emergency' }), 20_000)
  })

  it('with the vets saved, the banner calls the 24-hour clinic first, then the usual vet, by tel: links', async () => {
    const { page } = t
    await openChat(page, {
      usual: { name: 'Oakwood Vets', phone: '0123 456 789' },
      emergency: { name: 'City Pet ER', phone: '020 7946 0000' },
    })
    await send(page, 'She chewed a lily leaf from the bouquet')
    const banner = page.getByRole('note', { name: 'Emergency' })
    await untilVisible(banner.getByRole('link', { name: /Call City Pet ER now/ }), 20_000)
    const links = await banner
      .getByRole('link')
      .evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]))
    expect(links).toEqual([
      ['Call City Pet ER now: 020 7946 0000', 'tel:02079460000'],
      ['Or call Oakwood Vets: 0123 456 789', 'tel:0123456789'],
      // The first-aid situation for the sign found (docs/first-aid.md).
      ['First aid for this, step by step', '/first-aid/lily'],
    ])
    expect(await axeProblems(page)).toEqual([])
    // Read back from the server after a reload, the reply keeps its situation.
    await page.reload()
    await untilChatConnected(page)
    const kept = page.getByRole('note', { name: 'Emergency' }).getByRole('link', { name: /First aid/ })
    await untilVisible(kept, 20_000)
    expect(await kept.getAttribute('href')).toBe('/first-aid/lily')
    await kept.click()
    await page.getByRole('heading', { name: 'Lily pollen, leaves or vase water', level: 1 }).waitFor()
  })

  it('a reply that needs a vet within 24 hours gets the softer note, held until the owner says she was seen; a routine one none', async () => {
    const { page } = t
    await openChat(page)
    await send(page, "She hasn't eaten anything for three days")
    const note = page.getByRole('note', { name: 'See a vet today' })
    await untilVisible(note, 20_000)
    expect(await note.getByRole('link', { name: /Find a 24-hour emergency vet/ }).count()).toBe(1)
    expect(await page.getByRole('note', { name: 'Emergency' }).count()).toBe(0)
    expect(await axeProblems(page)).toEqual([])
    // The escalation stays open: a question in between is answered under the reminder line, and the
    // cat's note stays above the messages (besides the one on the urgent reply).
    await messageBox(page).fill('What toys does she like?')
    await messageBox(page).press('Enter')
    await untilReplies(page, 6)
    expect((await assistantBubbles(page).last().innerText()).replace(/^\s*Dr\. Olivia:\s*/, '')).toMatch(
      /^Reminder: Luna still needs to be seen by a vet today/,
    )
    await expect.poll(() => page.getByRole('note', { name: 'See a vet today' }).count()).toBe(2)
    // Seen by the vet: the escalation closes, the kept note goes, and the next answer carries none.
    await messageBox(page).fill('The vet saw her this afternoon, she is fine')
    await messageBox(page).press('Enter')
    await untilReplies(page, 7)
    await messageBox(page).fill('What toys does she like?')
    await messageBox(page).press('Enter')
    await untilReplies(page, 8)
    await expect.poll(() => page.getByRole('note').count()).toBe(1)
  })
})
