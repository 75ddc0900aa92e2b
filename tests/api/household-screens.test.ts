// What the screens need to show each role its own controls (docs/household.md, "On screen"): the cat
// list says, per cat, what the user may do there (`may`, from the access policy), and an invitation can
// be read before it is accepted (who shares which cats, as what), by the invited address only.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { OutgoingMail } from '../../server/services/mail.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()
const sent: OutgoingMail[] = []
const address = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`

async function invited(role: 'family' | 'sitter') {
  t.services.mailer.send = async (mail) => {
    sent.push(mail)
  }
  const { owner, cat } = await subscriberWithCat(t)
  await t.db.user.update({ where: { id: owner.id }, data: { fullName: 'Dana Whitfield' } })
  const email = address(role)
  await (await t.caller(owner.token)).household.invite({ email, role, cat_ids: [cat.id] })
  const token = /household\/accept\?token=([A-Za-z0-9_-]+)/.exec(
    sent.filter((m) => m.to === email).at(-1)!.text,
  )![1]!
  return { owner, cat, email, token }
}

describe('the screens of each role', () => {
  it("lists with each cat what the user may do on it: everything on their own, a sitter's two", async () => {
    const { owner, cat, email, token } = await invited('sitter')
    // Accepting needs a session that proved the invited address.
    const sitter = await t.signIn(email, {}, { proven: true })
    const api = await t.caller(sitter.token)
    await api.household.accept({ token })
    expect((await api.cat.list()).map((c) => ({ id: c.id, role: c.role, may: c.may }))).toEqual([
      { id: cat.id, role: 'sitter', may: ['read', 'log'] },
    ])
    const own = await (await t.caller(owner.token)).cat.list()
    expect(own[0]?.may).toEqual(['read', 'log', 'manage', 'chat', 'own'])
  })

  it('names the owner, the role and the cats before accepting, to the invited address only (404 else)', async () => {
    const { cat, email, token } = await invited('family')
    const member = await t.signIn(email, {}, { proven: true })
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/household/invites/${token}`,
      headers: { authorization: `Bearer ${member.token}` },
    })
    expect(preview.statusCode).toBe(200)
    expect(preview.json()).toMatchObject({
      owner: 'Dana Whitfield',
      role: 'family',
      all_cats: false,
      cats: [{ id: cat.id, name: cat.name }],
    })
    const stranger = await t.signIn(address('stranger'))
    await expect((await t.caller(stranger.token)).household.invitation({ token })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await (await t.caller(member.token)).household.accept({ token })
    await expect((await t.caller(member.token)).household.invitation({ token })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
