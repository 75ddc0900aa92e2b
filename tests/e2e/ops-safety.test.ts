// The safety scoreboard in Chromium: an operator opens /ops/safety (served with the status 404, as any
// path that is not a page for everyone), sees a "Review" link only on the row whose owner agreed to a
// review, and reads that conversation read-only; an owner at the same address sees Not found. The consent
// is stored straight in the database here (its checkbox is driven in tests/client/ops-safety.test.tsx).
import { describe, expect, it } from 'vitest'
import { browserTestForFile, replaceSession } from '../helpers/browser.ts'
import { flaggedOwner } from '../helpers/routine-then-vet.ts'

const t = browserTestForFile({ env: { OPERATOR_EMAILS: 'ops-e2e@example.com' } })
const PAGE = '/ops/safety?from=2031-02-01&to=2031-02-28'

describe('/ops/safety', () => {
  it('links only the agreed conversation and opens it read-only; Not found to an owner', async () => {
    const { page } = t
    const agreed = await flaggedOwner(t)
    const declined = await flaggedOwner(t)
    await t.db.user.update({ where: { id: agreed.owner.id }, data: { reviewConsentAt: new Date() } })

    const ops = await t.signIn('ops-e2e@example.com', {}, { proven: true })
    await replaceSession(page, '/login', ops.token)
    const res = await page.goto(PAGE)
    expect(res?.status()).toBe(404)
    await page.getByRole('heading', { name: 'Safety scoreboard' }).waitFor()
    const rows = page.getByRole('region', { name: /Routine, then vet/ }).getByRole('row')
    await expect.poll(() => rows.count()).toBe(3)
    expect(await rows.nth(1).textContent()).toBe(`#${agreed.routine.id}asthmaReview`)
    expect(await rows.nth(2).textContent()).toBe(`#${declined.routine.id}—No consent`)

    await rows.nth(1).getByRole('link', { name: 'Review' }).click()
    await page.getByRole('heading', { name: `Conversation #${agreed.conversation.id} (read-only)` }).waitFor()
    await page.getByText('she sneezed twice today').waitFor()
    const conversation = page.getByRole('region', { name: /read-only/ })
    expect(await conversation.getByRole('listitem').count()).toBe(4)
    expect(await conversation.getByRole('textbox').count()).toBe(0)
    expect(await conversation.getByRole('button').count()).toBe(0)

    // The owner, signed in, at the same address: Not found.
    await replaceSession(page, '/login', agreed.owner.token)
    await page.goto(PAGE)
    await page.getByRole('heading', { name: 'Not found' }).waitFor()
    expect(await page.getByText('Safety scoreboard').count()).toBe(0)
  })
})
