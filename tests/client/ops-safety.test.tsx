// @vitest-environment jsdom
// The safety review in the browser's components (jsdom, the app's tRPC + React Query provider answered by
// the real routers on a real database): the owner's consent checkbox on the account page, and /ops/safety
// for an operator (the share seen within 24 h, a "Review" link only where the owner agreed, the
// conversation read-only) and for anyone else (Not found).
import '../helpers/jsdom-node-bytes.ts'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { ReviewConsentSection } from '../../client/src/features/account/index.ts'
import { OpsSafetyPage } from '../../client/src/pages/ops/OpsSafetyPage.tsx'
import { clientTestApp } from '../helpers/caller-link.ts'
import { clientProviders } from '../helpers/client-providers.tsx'
import { flaggedOwner } from '../helpers/routine-then-vet.ts'

const t = clientTestApp({ env: { OPERATOR_EMAILS: 'ops@example.com' } })
afterEach(cleanup)

const Providers = clientProviders(t, { path: '/' })

const consentOf = async (userId: number) =>
  (await t.db.user.findUniqueOrThrow({ where: { id: userId } })).reviewConsentAt

describe('consent to safety reviews on the account page', () => {
  it('is unchecked until the owner agrees; unchecking withdraws it', async () => {
    const owner = await t.signIn()
    localStorage.setItem('token', owner.token)
    render(
      <Providers>
        <ReviewConsentSection />
      </Providers>,
    )
    const box = await screen.findByRole('checkbox', { name: /Let the Kitty Care team read a conversation/ })
    expect((box as HTMLInputElement).checked).toBe(false)
    fireEvent.click(box)
    await waitFor(async () => expect(await consentOf(owner.id)).not.toBeNull())
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true))
    fireEvent.click(box)
    await waitFor(async () => expect(await consentOf(owner.id)).toBeNull())
  })
})

describe('/ops/safety', () => {
  const page = '/ops/safety?from=2031-02-01&to=2031-02-28'
  const app = (path: string) => (
    <Providers path={path}>
      <Routes>
        <Route path="/ops/safety" element={<OpsSafetyPage />} />
      </Routes>
    </Providers>
  )

  it('shows an operator the figures, links only the agreed conversation, and opens it read-only', async () => {
    const agreed = await flaggedOwner(t)
    const declined = await flaggedOwner(t)
    await t.db.user.update({ where: { id: agreed.owner.id }, data: { reviewConsentAt: new Date() } })
    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    localStorage.setItem('token', ops.token)
    render(app(page))
    await screen.findByRole('heading', { name: 'Safety scoreboard' })
    const routine = (await screen.findByRole('heading', { name: /Routine, then vet/ })).closest('section')!
    const rows = within(routine).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.textContent)).toEqual([
      `#${agreed.routine.id}asthmaReview`,
      `#${declined.routine.id}—No consent`,
    ])
    // Two escalations followed up (one per owner), both seen a day after: 100%.
    expect(screen.getByTestId('seen-within-24h').textContent).toContain('100%')
    expect(screen.getByTestId('seen-within-24h').textContent).toContain('2 of 2')

    fireEvent.click(within(rows[0]!).getByRole('link', { name: 'Review' }))
    await screen.findByRole('heading', { name: `Conversation #${agreed.conversation.id} (read-only)` })
    await screen.findByText('she sneezed twice today')
    expect(screen.getByText('a little sneezing is common')).toBeTruthy()
    // Nothing to type or send there.
    expect(screen.queryByRole('textbox')).toBeNull()
    cleanup()

    // The declined conversation, asked for by its number, is not available.
    render(app(`${page}&conversation=${declined.conversation.id}`))
    await screen.findByText('This conversation is not available for review.')
  })

  it("lists the second reader's disagreements, the model's words only where the owner agreed", async () => {
    const disagreement = async (
      consent: boolean,
      fields: { model: string; sign: string; evidence: string },
    ) => {
      const owner = await t.signIn()
      if (consent) await t.db.user.update({ where: { id: owner.id }, data: { reviewConsentAt: new Date() } })
      const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
      const question = await t.db.conversationMessage.create({
        data: { conversationId: conversation.id, role: 'user', content: fields.evidence },
      })
      await t.db.triageDisagreement.create({
        data: {
          questionId: question.id,
          productLevel: 'routine',
          modelLevel: fields.model,
          modelSign: fields.sign,
          evidence: fields.evidence,
          aboutThisCatNow: true,
          replyLevel: fields.model,
          createdAt: new Date('2031-03-10T10:00:00Z'),
        },
      })
      return { question, conversation }
    }
    const agreed = await disagreement(true, {
      model: 'urgent',
      sign: 'third eyelid',
      evidence: 'third eyelid is up',
    })
    const declined = await disagreement(false, {
      model: 'emergency',
      sign: 'belly breathing',
      evidence: 'belly pumping',
    })
    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    localStorage.setItem('token', ops.token)
    render(app('/ops/safety?from=2031-03-01&to=2031-03-31'))
    const section = (
      await screen.findByRole('heading', { name: 'Second reader disagreed (2, 2 raised)' })
    ).closest('section')!
    const rows = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent)
    expect(rows).toEqual(
      expect.arrayContaining([
        `#${agreed.question.id}routineurgenturgentthird eyelid: “third eyelid is up”Review`,
        `#${declined.question.id}routineemergencyemergency—No consent`,
      ]),
    )
  })

  it('is the Not found page to an owner', async () => {
    const owner = await t.signIn()
    localStorage.setItem('token', owner.token)
    render(app(page))
    await screen.findByRole('heading', { name: 'Not found' })
    expect(screen.queryByText('Safety scoreboard')).toBeNull()
  })
})
