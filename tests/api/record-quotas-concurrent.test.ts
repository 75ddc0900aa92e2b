// The health record's quotas hold under concurrency (server/domain/quotas.ts, withRoom): adds sent all at
// once, half over REST and half through tRPC, store at most the owner's figure; the rest are 409
// QUOTA_EXCEEDED or, when the database's connections are all busy, 503 with Retry-After (never a 500),
// and every add answered 200 is stored.
import { describe, expect, it } from 'vitest'
import { QUOTAS } from '../../server/domain/quotas.ts'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64')

async function freeOwnerWithCat(tag: string) {
  const owner = await t.signIn(`concurrent-${tag}-${Date.now()}@example.com`)
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Milo' } })
  return { owner, cat, api: await t.caller(owner.token) }
}

/** `n` adds at once, even ones over REST, odd ones through tRPC; the statuses answered, by kind. */
async function race(
  n: number,
  rest: (i: number) => Promise<number>,
  trpc: (i: number) => Promise<unknown>,
): Promise<{ ok: number; quota: number; other: string[] }> {
  const outcomes = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      i % 2 === 0
        ? rest(i).then((status) => String(status))
        : trpc(i).then(
            () => '200',
            (error: { code?: string }) => (error.code === 'CONFLICT' ? '409' : String(error.code)),
          ),
    ),
  )
  return {
    ok: outcomes.filter((s) => s === '200').length,
    quota: outcomes.filter((s) => s === '409').length,
    other: outcomes.filter((s) => s !== '200' && s !== '409'),
  }
}

const post = (token: string, url: string, payload: object) =>
  t.app
    .inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload })
    .then((res) => res.statusCode)

describe('health record quotas under concurrency', () => {
  it('150 medications at once store at most the figure', async () => {
    const { owner, cat, api } = await freeOwnerWithCat('meds')
    const med = (i: number) => ({ cat_id: cat.id, name: `Pill ${i}`, dose: '1 tablet', times: ['08:00'] })
    const result = await race(
      150,
      (i) => post(owner.token, '/api/care/medications', med(i)),
      (i) => api.record.addMedication(med(i)),
    )
    const stored = await t.db.medication.count({ where: { catId: cat.id } })
    expect(result.other.filter((s) => s !== '503' && s !== 'SERVICE_UNAVAILABLE')).toEqual([])
    expect(stored).toBeLessThanOrEqual(QUOTAS.medications.free)
    expect(result.ok).toBe(stored)
    expect(result.quota).toBeGreaterThan(0)
  })

  it('60 vaccinations at once store at most the figure', async () => {
    const { owner, cat, api } = await freeOwnerWithCat('vacc')
    const vaccination = (i: number) => ({ cat_id: cat.id, name: `Shot ${i}`, given_on: '2026-01-01' })
    const result = await race(
      60,
      (i) => post(owner.token, '/api/care/vaccinations', vaccination(i)),
      (i) => api.record.addVaccination(vaccination(i)),
    )
    const stored = await t.db.vaccination.count({ where: { catId: cat.id } })
    expect(result.other.filter((s) => s !== '503' && s !== 'SERVICE_UNAVAILABLE')).toEqual([])
    expect(stored).toBeLessThanOrEqual(QUOTAS.vaccinations.free)
    expect(result.ok).toBe(stored)
    expect(result.quota).toBeGreaterThan(0)
  })

  it('30 documents at once store at most the figure', async () => {
    const { owner, cat, api } = await freeOwnerWithCat('docs')
    const doc = (i: number) => ({ cat_id: cat.id, title: `Lab ${i}`, data: TINY_PDF })
    const result = await race(
      30,
      (i) => post(owner.token, '/api/care/documents', doc(i)),
      (i) => api.record.uploadDocument(doc(i)),
    )
    const stored = await t.db.catDocument.count({ where: { catId: cat.id } })
    expect(result.other.filter((s) => s !== '503' && s !== 'SERVICE_UNAVAILABLE')).toEqual([])
    expect(stored).toBeLessThanOrEqual(QUOTAS.documents.free)
    expect(result.ok).toBe(stored)
    expect(result.quota).toBeGreaterThan(0)
  })

  it('doses at once near the figure never pass it', async () => {
    const { owner, cat, api } = await freeOwnerWithCat('doses')
    const medication = await api.record.addMedication({
      cat_id: cat.id,
      name: 'Pill',
      dose: '1 tablet',
      times: ['08:00'],
    })
    const figure = QUOTAS.dosesPerMedication.free
    const start = Date.now() - 10 * 86_400_000
    await t.db.medicationDose.createMany({
      data: Array.from({ length: figure - 10 }, (_, i) => ({
        medicationId: medication.id,
        givenAt: new Date(start + i * 60_000),
        by: 'seed@example.com',
      })),
    })
    const result = await race(
      60,
      () => post(owner.token, `/api/care/medications/${medication.id}/doses`, {}),
      () => api.record.logDose({ id: medication.id }),
    )
    const stored = await t.db.medicationDose.count({ where: { medicationId: medication.id } })
    expect(result.other.filter((s) => s !== '503' && s !== 'SERVICE_UNAVAILABLE')).toEqual([])
    expect(stored).toBeLessThanOrEqual(figure)
    expect(result.ok).toBe(stored - (figure - 10))
  })
})
