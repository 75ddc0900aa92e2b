// The health record in the vet report (docs/product.md §11: "lists vaccinations with due dates, current
// medications and the documents' titles", and the cat's vets, so whoever holds the report or its share
// link knows whom to call): read with the report, drawn after the medical notes.
import type { Vet } from '../../../shared/schemas/vets.ts'
import type { Db } from '../../db.ts'
import { readVet } from './vets.ts'

export interface ReportHealthRecord {
  vaccinations: Array<{ name: string; givenOn: string; nextDueOn: string | null; clinic: string | null }>
  medications: Array<{ name: string; dose: string; times: string[]; endOn: string | null }>
  documents: Array<{ title: string; kind: string; createdAt: Date }>
  vets: { usual: Vet | null; emergency: Vet | null }
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null)

export async function healthRecordForReport(
  db: Db,
  catId: number,
  now = new Date(),
): Promise<ReportHealthRecord> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`)
  const [vaccinations, medications, documents, vets] = await Promise.all([
    db.vaccination.findMany({
      where: { catId },
      orderBy: [{ nextDueOn: { sort: 'asc', nulls: 'last' } }, { givenOn: 'desc' }],
    }),
    db.medication.findMany({
      where: { catId, OR: [{ endOn: null }, { endOn: { gte: today } }] },
      orderBy: { id: 'asc' },
    }),
    db.catDocument.findMany({
      where: { catId },
      orderBy: { id: 'desc' },
      select: { title: true, kind: true, createdAt: true },
    }),
    db.catVets.findUnique({ where: { catId } }),
  ])
  return {
    vaccinations: vaccinations.map((v) => ({
      name: v.name,
      givenOn: day(v.givenOn)!,
      nextDueOn: day(v.nextDueOn),
      clinic: v.clinic,
    })),
    medications: medications.map((m) => ({
      name: m.name,
      dose: m.dose,
      times: m.times,
      endOn: day(m.endOn),
    })),
    documents,
    vets: { usual: readVet(vets?.usual), emergency: readVet(vets?.emergency) },
  }
}

const vetLine = (label: string, vet: Vet) =>
  `${label}: ${vet.name}, ${vet.phone}${vet.address ? `, ${vet.address}` : ''}`

/**
 * The report's lines of the record (drawn by report-pdf.ts): a heading and a line per entry for each part
 * that has entries; the empty parts share one line, so a new owner's report still fits on one page.
 */
export function healthRecordSections(
  record: ReportHealthRecord,
): Array<{ heading: string; lines: string[] }> {
  const vets = [
    ...(record.vets.usual ? [vetLine('Usual vet', record.vets.usual)] : []),
    ...(record.vets.emergency ? [vetLine('24-hour emergency clinic', record.vets.emergency)] : []),
  ]
  const parts = [
    {
      heading: 'Vaccinations',
      lines: record.vaccinations.map(
        (v) =>
          `${v.name}: given ${v.givenOn}${v.nextDueOn ? `, next due ${v.nextDueOn}` : ''}${v.clinic ? ` (${v.clinic})` : ''}`,
      ),
    },
    {
      heading: 'Current medications',
      lines: record.medications.map(
        (m) => `${m.name}: ${m.dose} at ${m.times.join(', ')}${m.endOn ? `, until ${m.endOn}` : ''}`,
      ),
    },
    { heading: 'Documents', lines: record.documents.map((d) => `${d.title} (${d.kind})`) },
    { heading: 'Vets', lines: vets },
  ]
  const empty = parts.filter((part) => part.lines.length === 0).map((part) => part.heading.toLowerCase())
  return [
    ...parts.filter((part) => part.lines.length > 0),
    ...(empty.length === 0
      ? []
      : [{ heading: 'Health record', lines: [`Nothing recorded yet: ${empty.join(', ')}.`] }]),
  ]
}
