// The vet report: GET /api/care/report.pdf read back with pdftotext (Debian's poppler-utils),
// and its share links: create, open with no session, revoke, expire.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { cupsText, nutritionRule } from '../../shared/rules/nutrition.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'
import { logWeights } from '../helpers/weights.ts'

const t = suiteApp()
const DAY = 86_400_000

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })
}

/** The PDF's text (pdftotext -layout) and its page count (pdfinfo). */
function readPdf(bytes: Buffer): { text: string; pages: number } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'report-')), 'report.pdf')
  fs.writeFileSync(file, bytes)
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString()
  const info = execFileSync('pdfinfo', [file]).toString()
  return { text, pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]) }
}

const mochiPlan = nutritionRule({ weight: 14, target_weight: 11, unit: 'Lbs' })
if (mochiPlan.kind !== 'plan') throw new Error(mochiPlan.text)
const MOCHI_FOOD = `${mochiPlan.kcalPerDay} kcal a day: about ${cupsText(mochiPlan.cupsPerDay)}`

async function ownerWithReport() {
  const { owner, cat } = await subscriberWithCat(t, {
    cat: {
      name: 'Mochi',
      weight: 14,
      weightUnit: 'Lbs',
      targetWeight: 11,
      medicalConditions: 'Diabetes',
      medications: 'Insulin twice a day',
    },
  })
  return { owner, cat }
}

describe('GET /api/care/report.pdf', () => {
  it("is a one-page PDF of a new owner's cat: profile, medical notes, weights, check-ins and concerns", async () => {
    const { owner, cat } = await ownerWithReport()
    await t.db.weightEntry.createMany({
      data: [
        { catId: cat.id, weight: 14, unit: 'Lbs', measuredAt: new Date(Date.now() - 8 * DAY) },
        { catId: cat.id, weight: 13.8, unit: 'Lbs', measuredAt: new Date(Date.now() - DAY) },
      ],
    })
    const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
    const asked = await t.db.conversationMessage.create({
      data: { conversationId: conversation.id, role: 'user', content: 'Mochi ate a lily leaf' },
    })
    await t.db.conversationMessage.create({
      data: {
        conversationId: conversation.id,
        role: 'assistant',
        content:
          '**This could be an emergency. Please take Mochi to a vet now.** If your usual vet is closed…',
        urgency: 'emergency',
        replyToId: asked.id,
      },
    })
    const res = await get('/api/care/report.pdf', owner.token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['cache-control']).toBe('no-store')
    const { text, pages } = readPdf(res.rawPayload)
    expect(pages).toBe(1)
    const concernDate = new Date(asked.createdAt).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    })
    for (const line of [
      'Health report: Mochi',
      'Insulin twice a day',
      'Diabetes',
      '14 lb (6.4 kg)',
      '13.8 lb (6.3 kg)',
      // The same food numbers as the plan (shared/rules/nutrition.ts): 14 → 11 lb is 280 kcal, 3/4 cup.
      MOCHI_FOOD,
      'No check-ins yet.',
      'Mochi ate a lily leaf',
      concernDate,
    ]) {
      expect(text).toContain(line)
    }
  })

  it('stays within three pages for a year of daily weights', async () => {
    const { owner, cat } = await ownerWithReport()
    const daily = Array.from({ length: 365 }, (_, i) => 14 - i * 0.008)
    await logWeights(t.db, cat.id, daily, DAY)
    const res = await get('/api/care/report.pdf', owner.token)
    expect(res.statusCode).toBe(200)
    const { text, pages } = readPdf(res.rawPayload)
    expect(pages).toBeLessThanOrEqual(3)
    expect(text).toContain('The last weighing of each week (365 in all)')
  })

  it("is a 404 for another owner's cat or an owner with no cat, 401 with no session", async () => {
    const a = await ownerWithReport()
    const b = await ownerWithReport()
    expect((await get(`/api/care/report.pdf?cat_id=${a.cat.id}`, b.owner.token)).statusCode).toBe(404)
    expect((await get('/api/care/report.pdf', (await t.signIn()).token)).statusCode).toBe(404)
    expect((await get('/api/care/report.pdf')).statusCode).toBe(401)
  })
})

describe('report share links', () => {
  it('opens the report with no session, for 7 days, with noindex and no-store, until revoked', async () => {
    const { owner } = await ownerWithReport()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/care/report/share',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: {},
    })
    expect(created.statusCode).toBe(200)
    const { url, expires_at } = created.json()
    const token = new URL(url, 'http://x').searchParams.get('token') as string
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(Math.abs(Date.parse(expires_at) - (Date.now() + 7 * DAY))).toBeLessThan(60_000)
    const stored = await t.db.reportShareLink.findMany({ where: { userId: owner.id } })
    expect(stored).toHaveLength(1)
    expect(stored[0]?.tokenHash).not.toContain(token)

    const opened = await get(url)
    expect(opened.statusCode).toBe(200)
    expect(opened.headers['content-type']).toBe('application/pdf')
    expect(opened.headers['x-robots-tag']).toContain('noindex')
    expect(opened.headers['cache-control']).toBe('no-store')
    const { text } = readPdf(opened.rawPayload)
    expect(text).toContain('Health report: Mochi')
    expect(text).not.toMatch(/@example\.com/)

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: '/api/care/report/share',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(revoked.json()).toEqual({ success: true })
    const after = await get(url)
    expect(after.statusCode).toBe(404)
    expect(after.headers['x-robots-tag']).toContain('noindex')
  })

  it('stops working when it expires (time moved in the database)', async () => {
    const { owner } = await ownerWithReport()
    const api = await t.caller(owner.token)
    const { url } = await api.progress.shareReport({ days: 2 })
    expect((await get(url)).statusCode).toBe(200)
    await t.db.reportShareLink.updateMany({
      where: { userId: owner.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    })
    expect((await get(url)).statusCode).toBe(404)
  })

  it('answers 404 to an unknown token and 400 to one that cannot be a token, never 500', async () => {
    expect((await get(`/api/care/report/shared?token=${'A'.repeat(43)}`)).statusCode).toBe(404)
    expect((await get('/api/care/report/shared?token=short')).statusCode).toBe(400)
    expect((await get('/api/care/report/shared?token=%00')).statusCode).toBeLessThan(500)
  })
})
