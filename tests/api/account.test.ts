// account.state through tRPC callers on a real database: what a signed-in owner's browser
// restores before it routes — the current cat, the subscription that grants access, the interview and the
// conversation — from that owner's records only.
import { describe, expect, it } from 'vitest'
import { claimVisitorRecords } from '../../server/domain/accounts/claim-visitor-records.ts'
import { ERRORS } from '../../shared/errors.ts'
import { suiteApp } from '../helpers/app.ts'
import { grantSubscription } from '../helpers/subscribers.ts'
import { expectTrpcError } from '../helpers/trpc-errors.ts'

const t = suiteApp()

const DAY = 86_400_000

function subscription(
  userId: number,
  fields: { status: string; endDate: Date; providerSubscriptionId?: string },
) {
  return grantSubscription(t.db, userId, {
    email: `owner${userId}@example.com`,
    startDate: new Date(Date.now() - DAY),
    ...fields,
  })
}

describe('account.state', () => {
  it('needs a session', async () => {
    const visitor = await t.caller()
    await expectTrpcError(visitor.account.state(), 'UNAUTHORIZED', ERRORS.notAuthenticated)
  })

  it('is empty for a new owner', async () => {
    const owner = await t.signIn()
    expect(await (await t.caller(owner.token)).account.state()).toEqual({
      cats: [],
      catId: null,
      subscriptionId: null,
      interviewCompleted: false,
      unfinishedInterview: null,
      conversationId: null,
      heldBeforeProof: null,
      household: { sharedOnly: false, chat: true, manage: true, own: true, chatCovered: false },
    })
  })

  it('says where a household member belongs and what they reach, from the cats shared with them', async () => {
    const owner = await t.signIn()
    await subscription(owner.id, { status: 'active', endDate: new Date(Date.now() + DAY) })
    const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Mochi' } })
    const member = async (role: 'family' | 'sitter', fields: Record<string, unknown> = {}) => {
      const user = await t.signIn()
      await t.db.householdMember.create({
        data: { ownerId: owner.id, memberId: user.id, role, catIds: [cat.id], ...fields },
      })
      return (await t.caller(user.token)).account.state()
    }
    const sitter = await member('sitter', { accessEndsAt: new Date(Date.now() + DAY) })
    expect(sitter.household).toEqual({
      sharedOnly: true,
      chat: false,
      manage: false,
      own: false,
      chatCovered: false,
    })
    // The shared cat is not the member's own: the chosen cat stays the browser's (the switcher's) choice.
    expect(sitter.cats).toEqual([])
    expect((await member('family')).household).toEqual({
      sharedOnly: true,
      chat: true,
      manage: true,
      own: false,
      chatCovered: true,
    })
    // A sitter whose access has ended is a new account again.
    expect((await member('sitter', { accessEndsAt: new Date(Date.now() - 1000) })).household.sharedOnly).toBe(
      false,
    )
    // A member with a cat of their own is an owner first.
    const both = await t.signIn()
    await t.db.cat.create({ data: { userId: both.id, name: 'Own' } })
    await t.db.householdMember.create({
      data: { ownerId: owner.id, memberId: both.id, role: 'family', catIds: [cat.id] },
    })
    expect((await (await t.caller(both.token)).account.state()).household).toEqual({
      sharedOnly: false,
      chat: true,
      manage: true,
      own: true,
      chatCovered: true,
    })
  })

  it('restores a returning subscriber: the newest cat, the live subscription, the finished interview, the latest conversation', async () => {
    const owner = await t.signIn()
    const other = await t.signIn()
    const api = await t.caller(owner.token)
    const older = await api.cat.create({ name: 'Tom', breed: 'Siamese', age: 9 })
    const newer = await api.cat.create({ name: 'Luna', breed: 'Persian', age: 3, weight: 8 })
    // Another owner's records, newer ids, never count.
    await (await t.caller(other.token)).cat.create({ name: 'Stranger' })
    await subscription(owner.id, {
      status: 'canceled',
      endDate: new Date(Date.now() + DAY),
      providerSubscriptionId: `sub_old_${owner.id}`,
    })
    await subscription(owner.id, {
      status: 'trialing',
      endDate: new Date(Date.now() + 3 * DAY),
      providerSubscriptionId: `sub_live_${owner.id}`,
    })
    await subscription(other.id, {
      status: 'active',
      endDate: new Date(Date.now() + DAY),
      providerSubscriptionId: `sub_other_${other.id}`,
    })
    await t.db.interview.create({ data: { userId: owner.id, sessionId: 'old', completed: true } })
    await t.db.interview.create({ data: { userId: owner.id, sessionId: 'later', completed: false } })
    const first = await api.conversation.create({ session_id: 'session-one' })
    const second = await t.db.conversation.create({ data: { userId: owner.id } })
    await t.db.conversation.create({ data: { userId: other.id } })

    const state = await api.account.state()
    expect(state.catId).toBe(newer.id)
    expect(state.cats.map((cat) => [cat.id, cat.name])).toEqual([
      [older.id, 'Tom'],
      [newer.id, 'Luna'],
    ])
    // The cats are the same records cat.list gives.
    expect(state.cats).toEqual(await api.cat.list())
    expect(state.subscriptionId).toBe(`sub_live_${owner.id}`)
    // Interviewed once: nothing to resume.
    expect(state.interviewCompleted).toBe(true)
    expect(state.unfinishedInterview).toBeNull()
    expect(state.conversationId).toBe(Math.max(first.id, second.id))
  })

  it('gives no subscription once it has ended or was cancelled, and the unfinished interview to resume', async () => {
    const owner = await t.signIn()
    await subscription(owner.id, {
      status: 'trialing',
      endDate: new Date(Date.now() - 1000),
      providerSubscriptionId: `sub_ended_${owner.id}`,
    })
    await subscription(owner.id, {
      status: 'canceled',
      endDate: new Date(Date.now() + DAY),
      providerSubscriptionId: `sub_cancelled_${owner.id}`,
    })
    await subscription(owner.id, { status: 'past_due', endDate: new Date(Date.now() + DAY) })
    const early = await t.db.interview.create({ data: { userId: owner.id, sessionId: 's-1' } })
    const latest = await t.db.interview.create({ data: { userId: owner.id, sessionId: 's-2' } })
    const state = await (await t.caller(owner.token)).account.state()
    expect(state.subscriptionId).toBeNull()
    expect(state.interviewCompleted).toBe(false)
    expect(state.unfinishedInterview).toEqual({ id: latest.id, session_id: 's-2' })
    expect(latest.id).toBeGreaterThan(early.id)
  })

  it('names a live subscription without a provider id by its own id, as the checkout does', async () => {
    const owner = await t.signIn()
    const row = await subscription(owner.id, { status: 'active', endDate: new Date(Date.now() + DAY) })
    expect((await (await t.caller(owner.token)).account.state()).subscriptionId).toBe(String(row.id))
  })

  it("includes the visitor's interview that the sign-in claimed, and the cat made after it", async () => {
    // A visitor can make an interview but not a cat (docs/product.md §6: cats need the token); the cat is
    // made once the owner has signed in.
    const visitor = await t.caller()
    const session = `visitor-${Date.now()}`
    const interview = await visitor.interview.create({ session_id: session })
    await visitor.interview.update({ id: interview.id, session_id: session, completed: true })
    const owner = await t.signIn()
    await claimVisitorRecords(t.db, owner.id, session)
    const ownerCaller = await t.caller(owner.token)
    const cat = await ownerCaller.cat.create({ session_id: session, name: 'Pebble' })
    const state = await ownerCaller.account.state()
    expect(state.catId).toBe(cat.id)
    expect(state.interviewCompleted).toBe(true)
  })
})
