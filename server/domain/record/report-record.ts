// The health record in the vet report (CONTRACT: "lists vaccinations with due dates, current
// medications and the documents' titles"): read with the report, drawn after the medical notes.
import type { Db } from '../../db.ts'

export interface ReportHealthRecord {
  vaccinations: Array<{ name: string; givenOn: string; nextDueOn: string | null; clinic: string | null }>
  medications: Array<{ name: string; dose: string; times: string[]; endOn: string | null }>
  documents: Array<{ title: string; kind: string; createdAt: Date }>
}

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null)

export async function healthRecordForReport(
  db: Db,
  catId: number,
  now = new Date(),
): Promise<ReportHealthRecord> {
  const today = new Date(`${now.toISOString().slice(0, 10)}T00:00:00Z`)
  const [vaccinations, medications, documents] = await Promise.all([
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
  }
}

/** The report's lines of the record: one heading each, a line per entry (drawn by report-pdf.ts). */
export function healthRecordSections(
  record: ReportHealthRecord,
): Array<{ heading: string; lines: string[] }> {
  return [
    {
      heading: 'Vaccinations',
      lines:
        record.vaccinations.length === 0
          ? ['None recorded.']
          : record.vaccinations.map(
              (v) =>
                `${v.name}: given ${v.givenOn}${v.nextDueOn ? `, next due ${v.nextDueOn}` : ''}${v.clinic ? ` (${v.clinic})` : ''}`,
            ),
    },
    {
      heading: 'Current medications',
      lines:
        record.medications.length === 0
          ? ['None recorded.']
          : record.medications.map(
              (m) => `${m.name}: ${m.dose} at ${m.times.join(', ')}${m.endOn ? `, until ${m.endOn}` : ''}`,
            ),
    },
    {
      heading: 'Documents',
      lines:
        record.documents.length === 0
          ? ['None stored.']
          : record.documents.map((d) => `${d.title} (${d.kind})`),
    },
  ]
}
