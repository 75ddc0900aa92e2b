// The vet report lists the health record (docs/product.md §11): vaccinations with their due
// dates, current medications (an ended one is left out), the documents' titles and the cat's vets, on
// the owner's PDF and on a share link's. Read with pdftotext.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { TINY_PNG_BASE64 } from '../helpers/api-surface.ts'
import { suiteApp } from '../helpers/app.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = suiteApp()

function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'record-report-')), 'report.pdf')
  fs.writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-']).toString()
}

describe('the vet report', () => {
  it('lists vaccinations with due dates, current medications and document titles', async () => {
    const { owner } = await subscriberWithCat(t, { cat: { name: 'Mochi' } })
    const api = await t.caller(owner.token)
    await api.record.addVaccination({
      name: 'Rabies',
      given_on: '2026-03-01',
      next_due_on: '2027-03-01',
      clinic: 'Downtown Vets',
    })
    await api.record.addMedication({ name: 'Methimazole', dose: '2.5 mg', times: ['08:00', '20:00'] })
    await api.record.addMedication({
      name: 'Amoxicillin',
      dose: '50 mg',
      times: ['09:00'],
      start_on: '2026-01-01',
      end_on: '2026-01-10',
    })
    await api.record.uploadDocument({ title: 'Blood panel March', kind: 'lab', data: TINY_PNG_BASE64 })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/care/report.pdf',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(res.statusCode).toBe(200)
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ')
    expect(text).toContain('Vaccinations')
    expect(text).toContain('Rabies: given 2026-03-01, next due 2027-03-01 (Downtown Vets)')
    expect(text).toContain('Current medications')
    expect(text).toContain('Methimazole: 2.5 mg at 08:00, 20:00')
    expect(text).not.toContain('Amoxicillin')
    expect(text).toContain('Documents')
    expect(text).toContain('Blood panel March (lab)')
  })

  it('says so when the record is empty', async () => {
    const { owner } = await subscriberWithCat(t)
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/care/report.pdf',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const text = pdfText(res.rawPayload).replace(/\s+/g, ' ')
    expect(text).toContain(
      'Health record Nothing recorded yet: vaccinations, current medications, documents, vets.',
    )
  })

  it('names the saved vets with their phones, and a share link carries them', async () => {
    const { owner } = await subscriberWithCat(t, { cat: { name: 'Mochi' } })
    const api = await t.caller(owner.token)
    await api.record.updateVets({
      usual: { name: 'Oakwood Vets', phone: '0123 456 789', address: '1 Oak Lane' },
      emergency: { name: 'City Pet ER', phone: '+44 20 7946 0000' },
    })
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/care/report.pdf',
      headers: { authorization: `Bearer ${owner.token}` },
    })
    const { url } = await api.progress.shareReport({})
    const link = new URL(url, 'http://x.test')
    const shared = await t.app.inject({ method: 'GET', url: link.pathname + link.search })
    expect(shared.statusCode).toBe(200)
    for (const res of [own, shared]) {
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ')
      expect(text).toContain('Usual vet: Oakwood Vets, 0123 456 789, 1 Oak Lane')
      expect(text).toContain('24-hour emergency clinic: City Pet ER, +44 20 7946 0000')
      expect(text).toContain('Nothing recorded yet: vaccinations, current medications, documents.')
    }
  })
})
