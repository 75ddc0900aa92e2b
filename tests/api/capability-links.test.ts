// Capability links (docs/operations.md "Capability links"): share links of the vet report and calendar
// feeds are made, listed, capped and revoked by one module (server/domain/links). Each names who made it
// and the cat it covers, is listed to the owner, dies with the membership of the family member who made
// it and with the first proof of the address of the account that made it; the owner's "revoke all"
// covers the links and feeds members made for the owner's cats. Checked on both surfaces: tRPC through
// createCaller, REST through app.inject.
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { LINK_CAPS } from '../../server/domain/links/caps.ts'
import type { OutgoingMail } from '../../server/services/mail.ts'
import { freshAddress } from '../helpers/addresses.ts'
import { createTestApp, postRest, suiteApp } from '../helpers/app.ts'
import { signInWithMailedCode } from '../helpers/mailed-codes.ts'
import { grantSubscription, subscriberWithCat } from '../helpers/subscribers.ts'

const PUBLIC_URL = 'https://care.example.test'
const t = suiteApp(() => createTestApp({ env: { PUBLIC_URL } }))
const sent: OutgoingMail[] = []

beforeAll(() => {
  t.services.mailer.send = async (mail) => {
    sent.push(mail)
  }
})

const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}
const open = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: pathOf(url), headers })
const rest = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  })

/** An owner with a subscription and a cat, and a family member (or sitter) who accepted the invite. */
async function household(role: 'family' | 'sitter' = 'family') {
  const { owner, cat } = await subscriberWithCat(t, { cat: { name: 'Biscuit' } })
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`
  await (await t.caller(owner.token)).household.invite({
    email,
    role,
    ...(role === 'sitter' ? { days: 3 } : {}),
  })
  // Accepting needs a session that proved the invited address (docs/household.md).
  const member = await t.signIn(email, {}, { proven: true })
  const token = sent
    .filter((m) => m.to === email)
    .at(-1)
    ?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1]
  await (await t.caller(member.token)).household.accept({ token: token! })
  const [row] = await t.db.householdMember.findMany({ where: { memberId: member.id } })
  return { owner, cat, member: { ...member, email }, membershipId: row!.id }
}

describe('calendar feeds made by a family member', () => {
  it('die with the membership, on both surfaces', async () => {
    const { owner, cat, member, membershipId } = await household()
    const viaTrpc = (await (await t.caller(member.token)).record.createCalendar({ cat_id: cat.id })).url
    const viaRest = (await rest('POST', '/api/care/calendar', member.token, { cat_id: cat.id })).json().url
    expect((await open(viaTrpc)).statusCode).toBe(200)
    expect((await open(viaRest)).statusCode).toBe(200)

    await (await t.caller(owner.token)).household.removeMember({ id: membershipId })
    expect((await open(viaTrpc)).statusCode).toBe(404)
    expect((await open(viaRest)).statusCode).toBe(404)
  })

  it('open only while the maker may read the record (a sitter whose access ended)', async () => {
    const { cat, member } = await household('family')
    const url = (await (await t.caller(member.token)).record.createCalendar({ cat_id: cat.id })).url
    expect((await open(url)).statusCode).toBe(200)
    // The membership ends by itself (as a sitter's does): the feed stops answering with it.
    await t.db.householdMember.updateMany({
      where: { memberId: member.id },
      data: { accessEndsAt: new Date(Date.now() - 1000) },
    })
    expect((await open(url)).statusCode).toBe(404)
  })

  it("are listed to the owner with who made them, and the owner's revoke-all ends them", async () => {
    const { owner, cat, member } = await household()
    const mine = (await (await t.caller(owner.token)).record.createCalendar({ cat_id: cat.id })).url
    const theirs = (await (await t.caller(member.token)).record.createCalendar({ cat_id: cat.id })).url

    const listed = await (await t.caller(owner.token)).record.calendarFeeds({ cat_id: cat.id })
    expect(listed.map((f) => f.created_by).sort()).toEqual(
      [member.email, (await t.db.user.findUniqueOrThrow({ where: { id: owner.id } })).email].sort(),
    )
    for (const f of listed) expect(f.cat_id).toBe(cat.id)
    const viaRest = await rest('GET', `/api/care/calendars?cat_id=${cat.id}`, owner.token)
    expect(viaRest.statusCode).toBe(200)
    expect(viaRest.json()).toEqual(listed)

    const revoked = await rest('DELETE', '/api/care/calendar', owner.token)
    expect(revoked.statusCode).toBe(200)
    expect((await open(mine)).statusCode).toBe(404)
    expect((await open(theirs)).statusCode).toBe(404)
    expect(await (await t.caller(owner.token)).record.calendarFeeds({ cat_id: cat.id })).toEqual([])
  })

  it('one feed is revoked on its own, on both surfaces', async () => {
    const { owner, cat, member } = await household()
    const a = (await (await t.caller(member.token)).record.createCalendar({ cat_id: cat.id })).url
    const b = (await (await t.caller(member.token)).record.createCalendar({ cat_id: cat.id })).url
    const [first, second] = await (await t.caller(owner.token)).record.calendarFeeds({ cat_id: cat.id })
    await (await t.caller(owner.token)).record.revokeCalendarFeed({ id: second!.id })
    expect((await rest('DELETE', `/api/care/calendars/${first!.id}`, owner.token)).statusCode).toBe(200)
    expect((await open(a)).statusCode).toBe(404)
    expect((await open(b)).statusCode).toBe(404)
  })
})

describe('share links made by a family member', () => {
  it('name their maker in the owner’s list and die with the membership, on both surfaces', async () => {
    const { owner, cat, member, membershipId } = await household()
    const viaTrpc = (await (await t.caller(member.token)).progress.shareReport({ cat_id: cat.id })).url
    const viaRest = (await rest('POST', '/api/care/report/share', member.token, { cat_id: cat.id })).json()
      .url
    expect((await open(viaTrpc)).statusCode).toBe(200)
    expect((await open(viaRest)).statusCode).toBe(200)

    const listed = await (await t.caller(owner.token)).progress.shareLinks({ cat_id: cat.id })
    expect(listed.map((l) => l.created_by)).toEqual([member.email, member.email])
    const listedRest = await rest('GET', `/api/care/report/shares?cat_id=${cat.id}`, owner.token)
    expect(listedRest.json()).toEqual(listed)

    await (await t.caller(owner.token)).household.removeMember({ id: membershipId })
    expect((await open(viaTrpc)).statusCode).toBe(404)
    expect((await open(viaRest)).statusCode).toBe(404)
    expect(await (await t.caller(owner.token)).progress.shareLinks({ cat_id: cat.id })).toEqual([])
  })

  it("the owner's revoke-all ends the links members made", async () => {
    const { owner, cat, member } = await household()
    const url = (await (await t.caller(member.token)).progress.shareReport({ cat_id: cat.id })).url
    expect((await rest('DELETE', '/api/care/report/share', owner.token)).statusCode).toBe(200)
    expect((await open(url)).statusCode).toBe(404)
  })
})

describe('the first proof of an address', () => {
  it('revokes the calendar feeds made before it, and the notice says so', async () => {
    const email = freshAddress('victim')
    const signUp = await postRest(t, '/api/supabase/signup-passwordless', { email, full_name: 'Mallory' })
    const attacker = signUp.body.token as string
    const cat = await rest('POST', '/api/supabase/cats', attacker, { cat_name: 'Decoy', gender: 'Male' })
    expect(cat.statusCode).toBe(200)
    const viaRest = (await rest('POST', '/api/care/calendar', attacker, {})).json().url as string
    const viaTrpc = (await (await t.caller(attacker)).record.createCalendar({})).url
    expect((await open(viaRest)).statusCode).toBe(200)

    const owner = await signInWithMailedCode(t, email)
    expect((await open(viaRest)).statusCode).toBe(404)
    expect((await open(viaTrpc)).statusCode).toBe(404)
    const state = await (await t.caller(owner.session.access_token)).account.state()
    expect(state.heldBeforeProof?.calendar_feeds_revoked).toBe(2)
    // A feed the owner makes afterwards is theirs and stays.
    const own = (await rest('POST', '/api/care/calendar', owner.session.access_token, {})).json().url
    await signInWithMailedCode(t, email)
    expect((await open(own)).statusCode).toBe(200)
  })
})

describe('the calendar feed is read on its REST row only', () => {
  it('is not served on tRPC (the token would sit in a query string) and says noindex, private', async () => {
    const { owner } = await subscriberWithCat(t)
    const { url } = await (await t.caller(owner.token)).record.createCalendar({})
    const token = url.split('/').at(-1)!
    const trpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/record.calendarFeed?input=${encodeURIComponent(JSON.stringify({ token }))}`,
    })
    expect(trpc.statusCode).toBe(404)
    const feed = await open(url)
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['x-robots-tag']).toContain('noindex')
    expect(feed.headers['cache-control']).toContain('private')
    expect(feed.headers['referrer-policy']).toBe('no-referrer')
  })
})

describe('caps per owner', () => {
  it(`refuses a calendar feed past ${LINK_CAPS.calendarFeeds} live ones with a clear 409, on both surfaces`, async () => {
    const { owner } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    for (let i = 0; i < LINK_CAPS.calendarFeeds; i++) await api.record.createCalendar({})
    await expect(api.record.createCalendar({})).rejects.toMatchObject({ code: 'CONFLICT' })
    const refused = await rest('POST', '/api/care/calendar', owner.token, {})
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' })
    expect(refused.json().error).toMatch(/calendar feeds/)
    // Revoking frees the room.
    await api.record.revokeCalendar()
    expect((await rest('POST', '/api/care/calendar', owner.token, {})).statusCode).toBe(200)
  })

  it(`refuses a share link past ${LINK_CAPS.shareLinks} live ones, counting members' links`, async () => {
    const { owner, cat, member } = await household()
    await grantSubscription(t.db, member.id)
    const api = await t.caller(owner.token)
    const half = Math.floor(LINK_CAPS.shareLinks / 2)
    for (let i = 0; i < half; i++) await api.progress.shareReport({ cat_id: cat.id })
    const theirs = await t.caller(member.token)
    for (let i = half; i < LINK_CAPS.shareLinks; i++) await theirs.progress.shareReport({ cat_id: cat.id })
    await expect(theirs.progress.shareReport({ cat_id: cat.id })).rejects.toMatchObject({ code: 'CONFLICT' })
    const refused = await rest('POST', '/api/care/report/share', owner.token, { cat_id: cat.id })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().error).toMatch(/share links/)
  })
})
