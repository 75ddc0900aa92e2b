// The vet report as a PDF, drawn on the server with pdfkit: the profile, the food plan,
// medical notes and medications, the weight chart and table, the last 30 days' check-ins and the urgent
// concerns raised in the chat. One page for a new owner; a year of daily weights stays within three
// (the table then lists the last weighing of each week).
import { foodText, type NutritionOutcome, nutritionRule, paceText } from '../../../shared/rules/nutrition.ts'
import { catDisplayName } from '../../../shared/rules/recommendations.ts'
import type { WeightUnit } from '../../../shared/rules/weight.ts'
import { bothUnits, inUnit, safeBand, toPoints, weightTrend } from '../../../shared/rules/weight-trend.ts'
import { healthRecordSections } from '../record/report-record.ts'
import type { ProgressReport } from './progress-report.ts'
import { defaultFont, fontName, registerReportFonts, writeText } from './report-fonts.ts'

const MARGIN = 50
const WEEK_MS = 7 * 86_400_000
/** Above this many weighings the table lists one a week. */
const DAILY_TABLE_MAX = 30
const INK = '#1f2937'
const MUTED = '#4b5563'
const ACCENT = '#7c3aed'

// One formatter for every date (toLocaleDateString builds one per call: a year's table spent more time
// there than drawing it).
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
})
const dateText = (iso: string | Date) => DATE_FORMAT.format(new Date(iso))
const orNotGiven = (value: string | null | undefined) => (value ?? '').trim() || 'Not given'

/** The vet's line: the food, and how the nutrition rule got there (or the question it asks instead). */
function dailyFoodText(outcome: NutritionOutcome): string {
  if (outcome.kind === 'question') return foodText(outcome)
  const rer = `${outcome.factor} x RER at ${Math.round(outcome.feedingWeightKg * 10) / 10} kg`
  if (outcome.basis === 'weight loss') {
    return `${foodText(outcome)}; ${rer} (the target weight; weight loss predicted at ${paceText(outcome)} % a week, never below ${outcome.floorKcal} kcal)`
  }
  return `${foodText(outcome)}; ${rer} (${outcome.basis})`
}
function displayUnit(unit: string): WeightUnit {
  return unit.toLowerCase() === 'kg' ? 'Kg' : 'Lbs'
}

type Doc = PDFKit.PDFDocument

function heading(doc: Doc, text: string) {
  doc.moveDown(0.6).font(fontName('latin', true)).fontSize(12).fillColor(INK).text(text)
  doc.moveDown(0.2).font(fontName('latin')).fontSize(10)
}

/** A label and what the owner typed (any script: report-fonts.ts picks the fonts). */
function field(doc: Doc, label: string, value: string) {
  doc.fontSize(10).fillColor(INK)
  writeText(doc, [{ text: `${label}: `, bold: true }, { text: value }])
}

/** Keeps `height` points of room on the page, else starts a new one. */
function room(doc: Doc, height: number) {
  if (doc.y + height > doc.page.height - MARGIN) doc.addPage()
}

function chart(doc: Doc, report: ProgressReport, unit: WeightUnit) {
  const points = toPoints(report.weights, unit)
  if (points.length < 2) return
  const target = report.cat.target_weight ? inUnit(report.cat.target_weight, report.cat.unit, unit) : null
  const first = points[0]!
  const last = points.at(-1)!
  const weeks = (last.at - first.at) / WEEK_MS
  const losing = target !== null && target < first.value
  const band = losing ? safeBand(first.value, weeks) : null
  const values = [...points.map((p) => p.value), ...(target ? [target] : []), ...(band ? [band.fast] : [])]
  const low = Math.min(...values) * 0.98
  const high = Math.max(...values) * 1.02
  const width = doc.page.width - 2 * MARGIN - 40
  const height = 150
  room(doc, height + 30)
  const left = MARGIN + 40
  const top = doc.y + 5
  const x = (at: number) => left + ((at - first.at) / Math.max(1, last.at - first.at)) * width
  const y = (value: number) => top + height - ((value - low) / (high - low || 1)) * height

  doc.lineWidth(0.5).strokeColor('#9ca3af').rect(left, top, width, height).stroke()
  doc.fontSize(8).fillColor(MUTED)
  doc.text(`${Math.round(high * 10) / 10}`, MARGIN, top - 3, { width: 36, align: 'right' })
  doc.text(`${Math.round(low * 10) / 10}`, MARGIN, top + height - 6, { width: 36, align: 'right' })
  doc.text(dateText(new Date(first.at)), left, top + height + 3)
  doc.text(dateText(new Date(last.at)), left + width - 80, top + height + 3, { width: 80, align: 'right' })
  if (band) {
    // The safe pace from the first weighing: 0.5 % and 2 % of body weight a week.
    doc.lineWidth(0.8).strokeColor('#16a34a').dash(2, { space: 2 })
    doc.moveTo(x(first.at), y(first.value)).lineTo(x(last.at), y(band.slow)).stroke()
    doc.moveTo(x(first.at), y(first.value)).lineTo(x(last.at), y(band.fast)).stroke()
    doc.undash()
  }
  if (target !== null) {
    doc.lineWidth(1).strokeColor('#dc2626').dash(5, { space: 3 })
    doc
      .moveTo(left, y(target))
      .lineTo(left + width, y(target))
      .stroke()
      .undash()
  }
  doc.lineWidth(1.5).strokeColor(ACCENT)
  doc.moveTo(x(first.at), y(first.value))
  for (const p of points.slice(1)) doc.lineTo(x(p.at), y(p.value))
  doc.stroke()
  doc.x = MARGIN
  doc.y = top + height + 16
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      `Weight (${unit === 'Kg' ? 'kg' : 'lb'}, purple)${target !== null ? ', target (red, dashed)' : ''}${band ? ', safe pace of 0.5–2 % a week from the first weighing (green, dotted)' : ''}.`,
    )
}

/** The table's rows: every weighing, or the last of each week when there are many. */
function tableRows(report: ProgressReport) {
  if (report.weights.length <= DAILY_TABLE_MAX) return { rows: report.weights, weekly: false }
  const byWeek = new Map<number, (typeof report.weights)[number]>()
  for (const entry of report.weights) byWeek.set(Math.floor(Date.parse(entry.measured_at) / WEEK_MS), entry)
  return { rows: [...byWeek.values()], weekly: true }
}

function weightTable(doc: Doc, report: ProgressReport, unit: WeightUnit) {
  const { rows, weekly } = tableRows(report)
  if (weekly) {
    doc.fontSize(9).fillColor(MUTED).text(`The last weighing of each week (${report.weights.length} in all).`)
  }
  const columns = 3
  const columnWidth = (doc.page.width - 2 * MARGIN) / columns
  const lineHeight = 12
  const perColumn = Math.ceil(rows.length / columns)
  room(doc, Math.min(perColumn, 10) * lineHeight + 14)
  let top = doc.y + 2
  doc.fontSize(8.5).fillColor(INK)
  rows.forEach((entry, i) => {
    const column = Math.floor(i / perColumn)
    const row = i % perColumn
    let rowTop = top + row * lineHeight
    if (rowTop + lineHeight > doc.page.height - MARGIN) {
      // A long table continues on the next page from the same row.
      doc.addPage()
      top = doc.y - row * lineHeight
      rowTop = doc.y
    }
    const value = inUnit(entry.weight, entry.unit, unit)
    doc.text(
      `${dateText(entry.measured_at)}   ${bothUnits(value, unit)}`,
      MARGIN + column * columnWidth,
      rowTop,
      {
        width: columnWidth - 6,
        lineBreak: false,
      },
    )
  })
  doc.x = MARGIN
  doc.y = top + perColumn * lineHeight + 4
}

/** The report as PDF bytes. pdfkit (its fonts' metrics about 5 MB) is loaded by the first report. */
export async function renderReportPdf(report: ProgressReport): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit')
  const { cat } = report
  const unit = displayUnit(cat.unit)
  const name = catDisplayName(cat.name)
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Never Helvetica (Latin-1 only): the embedded Noto fonts draw every script (report-fonts.ts).
    font: defaultFont(),
    // Tagged, titled and with a language, for screen readers and archiving (PDF/UA's first asks).
    tagged: true,
    lang: 'en-US',
    displayTitle: true,
    pdfVersion: '1.7',
    info: { Title: `Kitty Care health report: ${name}`, Author: 'Kitty Care', Producer: 'Kitty Care' },
  })
  registerReportFonts(doc)
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  doc.fontSize(18).fillColor(INK)
  writeText(doc, [
    { text: 'Health report: ', bold: true },
    { text: name, bold: true },
  ])
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      `Made by Kitty Care on ${dateText(report.generatedAt)} from what the owner recorded. Kitty Care's specialist is an AI assistant, not a veterinarian.`,
    )

  heading(doc, 'Profile')
  field(doc, 'Breed', orNotGiven(cat.breed))
  field(doc, 'Sex', orNotGiven(cat.gender))
  field(doc, 'Age', cat.age === null ? 'Not given' : `${cat.age} years`)
  field(
    doc,
    'Weight in profile',
    cat.weight ? bothUnits(inUnit(cat.weight, cat.unit, unit), unit) : 'Not given',
  )
  field(
    doc,
    'Target weight',
    cat.target_weight ? bothUnits(inUnit(cat.target_weight, cat.unit, unit), unit) : 'Not given',
  )
  field(doc, 'Activity level', orNotGiven(cat.activity_level))
  field(doc, 'Daily food', dailyFoodText(nutritionRule(cat)))

  heading(doc, 'Medical notes and medications')
  field(doc, 'Medical conditions', orNotGiven(cat.medical_conditions))
  field(doc, 'Medications', orNotGiven(cat.medications))
  field(doc, 'Dietary restrictions', orNotGiven(cat.dietary_restrictions))
  field(doc, 'Medical history', orNotGiven(cat.medical_history))

  for (const section of healthRecordSections(report.record)) {
    room(doc, 40)
    heading(doc, section.heading)
    for (const line of section.lines) doc.fontSize(9).text(line)
  }

  heading(doc, 'Weight')
  if (report.weights.length === 0) {
    doc.text('No weight logged yet.')
  } else {
    doc.text(weightTrend(report.weights, unit).changeSentence)
    doc.moveDown(0.3)
    chart(doc, report, unit)
    doc.moveDown(0.3)
    weightTable(doc, report, unit)
  }

  room(doc, 60)
  heading(doc, 'Check-ins, last 30 days')
  if (report.checkIns.length === 0) doc.text('No check-ins yet.')
  else {
    const done = report.checkIns.filter((c) => c.status === 'done').length
    doc.text(`${done} of ${report.checkIns.length} planned check-ins done.`)
    for (const c of report.checkIns) {
      const weight = c.weight !== null && c.unit ? `, ${c.weight} ${c.unit}` : ''
      const note = c.note ? `: ${c.note}` : ''
      doc.fontSize(9)
      writeText(doc, [{ text: `${dateText(c.due_at)}: ${c.status}${weight}` }, { text: note }])
    }
  }

  room(doc, 50)
  heading(doc, 'Urgent concerns raised in the chat')
  if (report.concerns.length === 0) doc.text('None raised.')
  for (const concern of report.concerns) {
    doc.fontSize(9)
    writeText(doc, [{ text: `${dateText(concern.at)}: "` }, { text: concern.text }, { text: '"' }])
    if (concern.vetFinding) {
      doc.fontSize(9).fillColor(MUTED)
      writeText(doc, [{ text: 'Vet found: ' }, { text: concern.vetFinding }])
      doc.fillColor(INK)
    }
  }

  doc.end()
  return done
}
