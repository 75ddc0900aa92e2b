// "Download my data" and account deletion for the progress records: progressExportOf lists
// every cat's weights and the share links (never a token or its hash); deleting the account erases
// both (foreign keys cascade from the user and the cat).
import { describe, expect, it } from 'vitest'
import { progressExportOf } from '../../server/domain/care/progress-export.ts'
import { suiteApp } from '../helpers/app.ts'
import { freshCodeHeaders } from '../helpers/mailed-codes.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

async function ownerWithProgress() {
  const { owner, cat } = await subscriberWithCat(t)
  const api = await t.caller(owner.token)
  await api.progress.logWeight({ weight: 9.2, unit: 'Lbs', measured_at: '2026-01-02T08:00:00Z' })
  await api.progress.logWeight({ weight: 4.1, unit: 'Kg', source: 'chat' })
  const link = await api.progress.shareReport({})
  await api.progress.revokeShares()
  await api.progress.shareReport({ days: 3 })
  return { owner, cat, link }
}

describe('progressExportOf', () => {
  it("holds every weight and share link of the owner, and nothing of another owner's", async () => {
    const { owner, cat, link } = await ownerWithProgress()
    await ownerWithProgress()
    const data = await progressExportOf(t.db, owner.id)
    expect(data.weights.map((w) => [w.cat_id, w.weight, w.unit, w.source])).toEqual([
      [cat.id, 9.2, 'Lbs', 'progress'],
      [cat.id, 4.1, 'Kg', 'chat'],
    ])
    expect(data.report_share_links).toHaveLength(2)
    expect(data.report_share_links[0]?.revoked_at).not.toBeNull()
    expect(data.report_share_links[1]?.revoked_at).toBeNull()
    const text = JSON.stringify(data)
    const token = new URL(link.url, 'http://x').searchParams.get('token') as string
    expect(text).not.toContain(token)
    expect(text).not.toMatch(/hash/i)
  })

  it('is part of "Download my data", with the care plan and the check-ins', async () => {
    const { owner, cat } = await ownerWithProgress()
    await t.db.checkIn.create({ data: { catId: cat.id, dueAt: new Date(), sentAt: new Date() } })
    await (await t.caller(owner.token)).care.plan({})
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: await freshCodeHeaders(t, owner),
    })
    expect(res.statusCode).toBe(200)
    const data = res.json()
    expect(data.weights.map((w: { weight: number }) => w.weight)).toEqual([9.2, 4.1])
    expect(data.report_share_links).toHaveLength(2)
    expect(data.care_plans.map((p: { cat_id: number }) => p.cat_id)).toEqual([cat.id])
    expect(data.check_ins).toHaveLength(1)
  })
})

describe('deleting the account', () => {
  it('erases the weights and the share links', async () => {
    const { owner } = await ownerWithProgress()
    const kept = await ownerWithProgress()
    expect(await t.db.weightEntry.count({ where: { cat: { userId: owner.id } } })).toBe(2)
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/supabase/account',
      headers: await freshCodeHeaders(t, owner),
    })
    expect(res.statusCode).toBe(200)
    const left = await t.db.$queryRaw<{ n: number }[]>`
      SELECT (SELECT count(*) FROM weight_entries w JOIN cats c ON c.id = w.cat_id WHERE c.user_id = ${owner.id})
        + (SELECT count(*) FROM weight_entries WHERE cat_id NOT IN (SELECT id FROM cats))
        + (SELECT count(*) FROM report_share_links WHERE user_id = ${owner.id}) AS n`
    expect(Number(left[0]!.n)).toBe(0)
    expect(await t.db.weightEntry.count({ where: { cat: { userId: kept.owner.id } } })).toBe(2)
    expect(await t.db.reportShareLink.count({ where: { userId: kept.owner.id } })).toBe(2)
  })
})
