// The follow-up after an urgent answer in the chat (docs/follow-ups.md), in Chromium: its message from
// the specialist gets three answers; "Not yet" with a reason says the escalation again and stays open;
// the e-mail's link answers on arrival. axe finds nothing in the answers.
import { AxeBuilder } from '@axe-core/playwright'
import { beforeEach, describe, expect, it } from 'vitest'
import { sendFollowUp } from '../../server/domain/follow-ups/deliver.ts'
import { unsubscribeKey } from '../../server/domain/links/unsubscribe-token.ts'
import {
  browserTestForFile,
  signedInSubscriber,
  signedOut,
  untilChatConnected,
  untilVisible,
  WCAG_22_AA,
} from '../helpers/browser.ts'
import { messageBox, openSpecialistChat, untilReplies } from '../helpers/chat-page.ts'

const t = browserTestForFile()
beforeEach(async () => {
  await signedOut(t.page)
})

/** The follow-up's time comes: the worker's own send (the mail goes to a sink: no mail server here). */
async function deliver(id: number) {
  await t.db.followUp.update({ where: { id }, data: { dueAt: new Date(Date.now() - 1000) } })
  const sent = await sendFollowUp(
    {
      db: t.db,
      mailer: { send: async () => {} },
      log: t.services.log,
      origin: 'http://localhost',
      unsubscribeKey: unsubscribeKey(t.services.tokens.codePepper),
    },
    id,
  )
  expect(sent.sent).toBe(true)
}

describe('a follow-up in the chat', () => {
  it('offers three answers; "Not yet" for the cost repeats the escalation; the e-mail link answers', async () => {
    const { page } = t
    const { owner } = await signedInSubscriber(t, page, { cat: 'Milo' })
    await openSpecialistChat(page)
    await messageBox(page).fill('in and out of the tray, only a couple of drops each time')
    await messageBox(page).press('Enter')
    await untilReplies(page, 5, 30_000)
    const first = await t.db.followUp.findFirstOrThrow({ where: { userId: owner.id } })
    await deliver(first.id)

    await page.reload()
    await untilChatConnected(page)
    const answers = page.getByRole('group', { name: 'Did Milo see a vet?' })
    await untilVisible(answers, 20_000)
    await page.waitForLoadState('networkidle')
    const axe = await new AxeBuilder({ page }).include('.follow-up').withTags(WCAG_22_AA).analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])

    await answers.getByRole('button', { name: 'Not yet' }).click()
    await answers.getByRole('radio', { name: 'The cost' }).check()
    await answers.getByRole('button', { name: 'Send' }).click()
    await page.getByRole('status').filter({ hasText: 'still needs a vet now' }).waitFor()
    expect(await t.db.followUp.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({
      status: 'answered',
      seenVet: 'not_yet',
      reason: 'cost',
    })

    // The one more follow-up, answered from its e-mail link.
    const again = await t.db.followUp.findFirstOrThrow({ where: { userId: owner.id, status: 'pending' } })
    await deliver(again.id)
    await page.goto(`/cat-assistant?follow_up=${again.id}&seen_vet=not_needed`)
    await expect
      .poll(async () => (await t.db.followUp.findUniqueOrThrow({ where: { id: again.id } })).seenVet, {
        timeout: 20_000,
      })
      .toBe('not_needed')

    // Its question is the thread's last message, but answered: the chat asks nothing more.
    await page.goto('/cat-assistant')
    await untilChatConnected(page)
    await page.waitForLoadState('networkidle')
    expect(await page.getByRole('group', { name: 'Did Milo see a vet?' }).count()).toBe(0)
    expect(t.pageErrors).toEqual([])
  })
})
