// Conversations flagged by the safety scoreboard ("routine, then vet") reviewed with the owner's consent
// (docs/follow-ups.md): off by default; with it, the row carries the finding and the conversation, which
// an operator opens read-only; without it (never given, or withdrawn), the row only counts and the
// conversation is a 404 to the operator as to everyone else.
import { describe, expect, it } from 'vitest'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { flaggedOwner as flagged } from '../helpers/routine-then-vet.ts'

const t = suiteApp(() => createTestApp({ env: { OPERATOR_EMAILS: 'ops@example.com' } }))
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const RANGE = '?from=2031-02-01&to=2031-02-28'
const flaggedOwner = () => flagged(t)

describe('consent to review flagged conversations', () => {
  it('is off by default; the owner turns it on and off (both surfaces)', async () => {
    const owner = await t.signIn()
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/supabase/account/review-consent',
        headers: bearer(owner.token),
      })
    expect((await read()).json()).toEqual({ review_consent: false })
    const on = await t.app.inject({
      method: 'PUT',
      url: '/api/supabase/account/review-consent',
      headers: bearer(owner.token),
      payload: { review_consent: true },
    })
    expect(on.statusCode).toBe(200)
    expect(on.json()).toEqual({ review_consent: true })
    const api = await t.caller(owner.token)
    expect(await api.account.reviewConsent()).toEqual({ review_consent: true })
    const given = (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).reviewConsentAt
    expect(given).not.toBeNull()
    // Agreeing again keeps the time it was first given.
    await api.account.setReviewConsent({ review_consent: true })
    expect((await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).reviewConsentAt).toEqual(given)
    expect(await api.account.setReviewConsent({ review_consent: false })).toEqual({ review_consent: false })
    expect((await read()).json()).toEqual({ review_consent: false })
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/supabase/account/review-consent',
      headers: bearer(owner.token),
      payload: { review_consent: 'yes' },
    })
    expect(bad.statusCode).toBe(400)
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/supabase/account/review-consent' })
    expect(anonymous.statusCode).toBe(401)
  })

  it('with consent the row links the conversation, which an operator reads; without, counts only and 404', async () => {
    const agreed = await flaggedOwner()
    const declined = await flaggedOwner()
    await (await t.caller(agreed.owner.token)).account.setReviewConsent({ review_consent: true })
    const ops = await t.signIn('ops@example.com', {}, { proven: true })
    const opsApi = await t.caller(ops.token)

    const board = await opsApi.ops.safety({ from: '2031-02-01', to: '2031-02-28' })
    expect(board.routine_then_vet).toEqual([
      { message_id: agreed.routine.id, finding: 'asthma', conversation_id: agreed.conversation.id },
      { message_id: declined.routine.id, finding: null, conversation_id: null },
    ])
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/ops/safety${RANGE}`,
      headers: bearer(ops.token),
    })
    expect(rest.json().routine_then_vet).toEqual(board.routine_then_vet)

    // The operator opens the agreed conversation, read-only, on both surfaces.
    const open = (id: number, token?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/ops/conversations/${id}`,
        headers: token ? bearer(token) : {},
      })
    const opened = await open(agreed.conversation.id, ops.token)
    expect(opened.statusCode).toBe(200)
    expect(opened.json().id).toBe(agreed.conversation.id)
    expect(opened.json().messages.map((m: { content: string }) => m.content)).toEqual([
      'she sneezed twice today',
      'a little sneezing is common',
      'now she is breathing with her mouth open',
      'This could be an emergency',
    ])
    expect(opened.json().messages[0]).toMatchObject({ role: 'user', cat_name: 'Pip', urgency: null })
    expect(await opsApi.ops.conversation({ id: agreed.conversation.id })).toEqual(opened.json())
    expect(t.logs.some((l) => l.includes('conversation opened for safety review'))).toBe(true)
    // No way to change it there: the path is served for reading only (405 with Allow, docs/api.md; the
    // answer is the path's, the same for any id and anyone), and the conversation reads as it did.
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const write = await t.app.inject({
        method,
        url: `/api/ops/conversations/${agreed.conversation.id}`,
        headers: bearer(ops.token),
        payload: {},
      })
      expect(write.statusCode).toBe(405)
      expect(write.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
      const allow = String(write.headers.allow ?? '').split(/,\s*/)
      expect(allow).toContain('GET')
      for (const writing of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(allow).not.toContain(writing)
    }
    expect((await open(agreed.conversation.id, ops.token)).json()).toEqual(opened.json())

    // Without consent: 404 to the operator, as a missing conversation is.
    expect((await open(declined.conversation.id, ops.token)).statusCode).toBe(404)
    expect((await open(999_999_999, ops.token)).statusCode).toBe(404)
    // Everyone but operators: 404, even the conversation's owner and even with consent.
    for (const token of [agreed.owner.token, declined.owner.token, undefined]) {
      expect((await open(agreed.conversation.id, token)).statusCode).toBe(404)
    }

    // A conversation of an owner who agreed, but not flagged, is not open to review.
    const other = await t.db.conversation.create({ data: { userId: agreed.owner.id } })
    expect((await open(other.id, ops.token)).statusCode).toBe(404)

    // Withdrawn: the link goes and the conversation closes at once.
    await (await t.caller(agreed.owner.token)).account.setReviewConsent({ review_consent: false })
    expect((await opsApi.ops.safety({ from: '2031-02-01', to: '2031-02-28' })).routine_then_vet).toEqual([
      { message_id: agreed.routine.id, finding: null, conversation_id: null },
      { message_id: declined.routine.id, finding: null, conversation_id: null },
    ])
    expect((await open(agreed.conversation.id, ops.token)).statusCode).toBe(404)
  })
})
