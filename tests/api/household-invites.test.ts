// The household's invitations and what follows them (docs/household.md): the mailed link works once, for
// 7 days, only for the invited address (anyone else: 404); removing a member ends access at once; the
// activity names its author, newest first; shared cats are listed with their owner; an export holds the
// members and the activity; deleting either account ends the membership and leaves the other's cats.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { OutgoingMail } from '../../server/services/mail.ts'
import { suiteApp } from '../helpers/app.ts'
import { freshCodeHeaders } from '../helpers/mailed-codes.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()
const sent: OutgoingMail[] = []

function captureMail() {
  t.services.mailer.send = async (mail) => {
    sent.push(mail)
  }
}

const emailOf = async (id: number) => (await t.db.user.findUniqueOrThrow({ where: { id } })).email

const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`

function mailedLink(to: string): { link: string; token: string } {
  const mail = sent.filter((m) => m.to === to).at(-1)
  const link = mail?.text.match(/https?:\/\/\S+\/household\/accept\?token=([A-Za-z0-9_-]+)/)
  expect(link, `no invitation mailed to ${to}`).toBeTruthy()
  return { link: link![0], token: link![1]! }
}

async function ownerInviting(role: 'family' | 'sitter', extra: { days?: number } = {}) {
  captureMail()
  const made = await subscriberWithCat(t)
  const { cat } = made
  const owner = { ...made.owner, email: await emailOf(made.owner.id) }
  const api = await t.caller(owner.token)
  const email = address(role)
  const invite = await api.household.invite({ email, role, ...extra })
  return { owner, cat, api, email, invite, ...mailedLink(email) }
}

const status = async (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  (
    await t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })
  ).statusCode

describe('invitations', () => {
  it('mails a link; the invited address accepts it once, over REST, and sees the cat with its owner', async () => {
    const { owner, cat, email, token, invite } = await ownerInviting('family')
    expect(invite).toMatchObject({ email, role: 'family', cat_ids: null })
    const member = await t.signIn(email, {}, { proven: true })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/household/invites/${token}/accept`,
      headers: { authorization: `Bearer ${member.token}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      cats: [{ id: cat.id, name: 'Luna' }],
      role: 'family',
      shared_by: owner.email,
    })
    // Single use: the same link again is a 404.
    expect(await status(member.token, 'POST', `/api/household/invites/${token}/accept`)).toBe(404)
    const cats = await (await t.caller(member.token)).cat.list()
    expect(cats.map((c) => [c.id, c.shared_by, c.role])).toEqual([[cat.id, owner.email, 'family']])
    // The token is kept only as its hash.
    expect(await t.db.householdInvite.count({ where: { tokenHash: token } })).toBe(0)
  })

  it('is a 404 for another address, even a signed-in one, and stays usable by the invited one', async () => {
    const { email, token } = await ownerInviting('sitter')
    const other = await t.signIn(address('other'), {}, { proven: true })
    expect(await status(other.token, 'POST', `/api/household/invites/${token}/accept`)).toBe(404)
    const invited = await t.signIn(email, {}, { proven: true })
    expect(await status(invited.token, 'POST', `/api/household/invites/${token}/accept`)).toBe(200)
  })

  it('needs a session that proved the address: an unproven one is refused on both surfaces, the link stays usable', async () => {
    const { email, token } = await ownerInviting('family')
    // Someone who signed the invited address up (a password, never a code) holds an unproven session.
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/signup-passwordless',
      payload: { email, full_name: 'Not Them', password: 'a long enough password 1' },
    })
    expect(signUp.statusCode).toBe(200)
    const unproven = signUp.json().token as string
    const rest = await t.app.inject({
      method: 'POST',
      url: `/api/household/invites/${token}/accept`,
      headers: { authorization: `Bearer ${unproven}` },
    })
    expect(rest.statusCode).toBe(403)
    expect(rest.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
    await expect((await t.caller(unproven)).household.accept({ token })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    expect(await t.db.householdMember.count({ where: { member: { email } } })).toBe(0)
    const proven = await t.signIn(email, {}, { proven: true })
    expect(await status(proven.token, 'POST', `/api/household/invites/${token}/accept`)).toBe(200)
  })

  it('lapses after 7 days', async () => {
    const { email, token, invite } = await ownerInviting('family')
    await t.db.householdInvite.update({
      where: { id: invite.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    const invited = await t.signIn(email, {}, { proven: true })
    expect(await status(invited.token, 'POST', `/api/household/invites/${token}/accept`)).toBe(404)
  })

  it('gives a sitter access until the end date: 14 days unless told, then the cat is a 404', async () => {
    const before = Date.now()
    const { api, email, token, invite, cat } = await ownerInviting('sitter')
    const ends = new Date(invite.expires_at).getTime()
    expect(ends - before).toBeGreaterThanOrEqual(14 * 86_400_000 - 5000)
    expect(ends - before).toBeLessThan(14 * 86_400_000 + 60_000)
    const sitter = await t.signIn(email, {}, { proven: true })
    const sitterApi = await t.caller(sitter.token)
    await sitterApi.household.accept({ token })
    expect((await sitterApi.care.plan({ cat_id: cat.id })).cat_id).toBe(cat.id)
    const [member] = await api.household.members()
    expect(member).toMatchObject({ email, role: 'sitter', status: 'active' })
    await t.db.householdMember.updateMany({
      where: { memberId: sitter.id },
      data: { accessEndsAt: new Date(Date.now() - 1000) },
    })
    await expect(sitterApi.care.plan({ cat_id: cat.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await api.household.members()).toEqual([])
  })

  it('refuses days for family, an own address, and a cat that is not the owner’s', async () => {
    captureMail()
    const made = await subscriberWithCat(t)
    const owner = { ...made.owner, email: await emailOf(made.owner.id) }
    const { cat: strangersCat } = await subscriberWithCat(t)
    const api = await t.caller(owner.token)
    await expect(
      api.household.invite({ email: address('f'), role: 'family', days: 3 }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    await expect(api.household.invite({ email: owner.email, role: 'family' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    await expect(
      api.household.invite({ email: address('f'), role: 'family', cat_ids: [strangersCat.id] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})

describe('members', () => {
  async function familyMember() {
    const setup = await ownerInviting('family')
    const member = { ...(await t.signIn(setup.email, {}, { proven: true })), email: setup.email }
    const memberApi = await t.caller(member.token)
    await memberApi.household.accept({ token: setup.token })
    return { ...setup, member, memberApi }
  }

  it('lists pending invitations and members; removing one ends access at once (REST DELETE)', async () => {
    const { api, owner, cat, member, memberApi } = await familyMember()
    const waiting = await api.household.invite({ email: address('later'), role: 'sitter', days: 2 })
    const listed = await api.household.members()
    expect(listed.map((m) => m.status)).toEqual(['active', 'invited'])
    expect(listed[1]).toMatchObject({ id: waiting.id, role: 'sitter' })
    const memberId = listed[0]!.id
    // Another owner cannot remove them.
    const stranger = await t.signIn(address('stranger'))
    expect(await status(stranger.token, 'DELETE', `/api/household/members/${memberId}`)).toBe(404)
    expect(await status(owner.token, 'DELETE', `/api/household/members/${memberId}`)).toBe(200)
    await expect(memberApi.progress.weights({ cat_id: cat.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await status(member.token, 'GET', `/api/care/plan?cat_id=${cat.id}`)).toBe(404)
    expect((await memberApi.cat.list()).map((c) => c.id)).toEqual([])
    // The waiting invitation is withdrawn the same way.
    expect(await status(owner.token, 'DELETE', `/api/household/members/${waiting.id}`)).toBe(200)
    expect(await api.household.members()).toEqual([])
  })

  it("lists the cat's activity newest first, each entry naming its author", async () => {
    const { api, cat, member, memberApi, owner } = await familyMember()
    await api.progress.logWeight({ cat_id: cat.id, weight: 9.4, unit: 'Lbs' })
    const medication = await memberApi.record.addMedication({
      cat_id: cat.id,
      name: 'Amoxicillin',
      dose: '50 mg',
      times: ['08:00'],
    })
    await memberApi.record.logDose({ id: medication.id })
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/household/activity?cat_id=${cat.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(res.statusCode).toBe(200)
    const entries = res.json() as { by: string; what: string; kind: string }[]
    expect(entries.map((e) => [e.kind, e.by, e.what])).toEqual([
      ['dose_logged', member.email, 'Gave Amoxicillin'],
      ['record_changed', member.email, 'Added Amoxicillin'],
      ['weight_logged', owner.email, 'Logged 9.4 Lbs'],
    ])
  })

  it("exports the owner's members and activity", async () => {
    const { owner, cat, api, member } = await familyMember()
    await api.progress.logWeight({ cat_id: cat.id, weight: 9.4, unit: 'Lbs' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: await freshCodeHeaders(t, owner),
    })
    expect(res.statusCode).toBe(200)
    const data = res.json()
    expect(data.household_members.map((m: { email: string }) => m.email)).toEqual([member.email])
    expect(data.care_activity.map((a: { by: string }) => a.by)).toEqual([owner.email])
  })

  it("a member deleting their account leaves the owner's cat and its activity, still naming them", async () => {
    const { api, cat, member, memberApi } = await familyMember()
    await memberApi.progress.logWeight({ cat_id: cat.id, weight: 9.1, unit: 'Lbs' })
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/supabase/account',
      headers: await freshCodeHeaders(t, member),
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.cat.count({ where: { id: cat.id } })).toBe(1)
    expect(await api.household.members()).toEqual([])
    expect((await api.household.activity({ cat_id: cat.id })).map((a) => a.by)).toEqual([member.email])
  })

  it("deleting the owner's account ends every membership", async () => {
    const { owner, member, memberApi } = await familyMember()
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/supabase/account',
      headers: await freshCodeHeaders(t, owner),
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.householdMember.count({ where: { memberId: member.id } })).toBe(0)
    expect(await memberApi.cat.list()).toEqual([])
  })
})

describe('the cat list of a member', () => {
  it('is their own cats, then the cats each membership in force covers, on both surfaces', async () => {
    // A sitter for one of three cats of one owner, family for all the cats of another.
    const sitting = await ownerInviting('sitter', { days: 2 })
    const extra = await sitting.api.cat.create({ name: 'Second', breed: 'Persian', age: 3 })
    await sitting.api.cat.create({ name: 'Third', breed: 'Persian', age: 2 })
    captureMail()
    const memberEmail = sitting.email
    const member = await t.signIn(memberEmail, {}, { proven: true })
    const own = await t.db.cat.create({ data: { userId: member.id, name: 'Mine', breed: 'Siamese', age: 1 } })
    const memberApi = await t.caller(member.token)
    // The sitter's invitation named every cat (none listed): narrow it to the second cat.
    await memberApi.household.accept({ token: sitting.token })
    await t.db.householdMember.updateMany({
      where: { ownerId: sitting.owner.id, memberId: member.id },
      data: { allCats: false, catIds: [extra.id] },
    })
    const family = await subscriberWithCat(t)
    const familyOwner = { ...family.owner, email: await emailOf(family.owner.id) }
    await (await t.caller(familyOwner.token)).household.invite({ email: memberEmail, role: 'family' })
    await memberApi.household.accept({ token: mailedLink(memberEmail).token })

    const listed = async () => {
      const viaTrpc = (await memberApi.cat.list()).map((c) => [c.id, c.shared_by ?? null, c.role ?? null])
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/supabase/cats',
        headers: { authorization: `Bearer ${member.token}` },
      })
      expect(res.statusCode).toBe(200)
      expect((res.json() as { id: number }[]).map((c) => c.id)).toEqual(viaTrpc.map(([id]) => id))
      return viaTrpc
    }
    const bySharer = [
      [extra.id, sitting.owner.email, 'sitter'],
      [family.cat.id, familyOwner.email, 'family'],
    ].sort((a, b) => Number(a[0]) - Number(b[0]))
    expect(await listed()).toEqual([[own.id, null, null], ...bySharer])

    // The sitter's access ends: that cat leaves the list; the family's stays.
    await t.db.householdMember.updateMany({
      where: { ownerId: sitting.owner.id, memberId: member.id },
      data: { accessEndsAt: new Date(Date.now() - 1000) },
    })
    expect(await listed()).toEqual([
      [own.id, null, null],
      [family.cat.id, familyOwner.email, 'family'],
    ])
  })
})
