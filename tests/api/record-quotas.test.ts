// The health record is bounded per owner like everything else stored (server/domain/quotas.ts; the
// docs/api.md's limits table): past the figure, 409 QUOTA_EXCEEDED on both surfaces, and nothing is written.
import { describe, expect, it } from 'vitest'
import { QUOTAS } from '../../server/domain/quotas.ts'
import { suiteApp } from '../helpers/app.ts'

const t = suiteApp()

/** The smallest PDF a document upload accepts (its bytes decide the type). */
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64')

async function freeOwnerWithCat(tag: string) {
  const owner = await t.signIn(`record-quota-${tag}@example.com`)
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Milo' } })
  return { owner, cat, api: await t.caller(owner.token) }
}

describe('health record quotas', () => {
  it('a free account keeps its figure of medications; the next one is 409 on tRPC and REST, and not stored', async () => {
    const { owner, cat, api } = await freeOwnerWithCat('meds')
    for (let i = 0; i < QUOTAS.medications.free; i++) {
      await api.record.addMedication({
        cat_id: cat.id,
        name: `Pill ${i}`,
        dose: '1 tablet',
        times: ['08:00'],
      })
    }
    await expect(
      api.record.addMedication({ cat_id: cat.id, name: 'One more', dose: '1 tablet', times: ['08:00'] }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This account has reached its limit of 20 medications.',
    })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/care/medications',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { cat_id: cat.id, name: 'And another', dose: '1 tablet', times: ['08:00'] },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' })
    expect(await t.db.medication.count({ where: { catId: cat.id } })).toBe(QUOTAS.medications.free)
  })

  it('a free account keeps its figure of documents; the next upload is 409 and not stored', async () => {
    const { owner, cat, api } = await freeOwnerWithCat('docs')
    for (let i = 0; i < QUOTAS.documents.free; i++) {
      await api.record.uploadDocument({
        cat_id: cat.id,
        title: `Lab ${i}`,
        data: TINY_PDF,
        mimetype: 'application/pdf',
      })
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/care/documents',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { cat_id: cat.id, title: 'One more', data: TINY_PDF, mimetype: 'application/pdf' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' })
    expect(await t.db.catDocument.count({ where: { catId: cat.id } })).toBe(QUOTAS.documents.free)
  })
})
