// The dose reminders: a medication holds its next dose's instant; the sweep takes the due ones and moves
// each to the following dose (null after end_on) in one compare-and-set before sending, so one instance
// sends each however many run. A send that fails puts the instant back for the next sweep; a dose time
// the server slept through by more than the dose window is skipped, not sent late.
// Many owners give pills at 08:00: a sweep takes the due ones in pages of BATCH with their plans in one
// read, claims a page in one statement, sends SENDS_AT_ONCE at a time, and goes on until none is due (docs/health-record.md, "Dose
// reminders": 10,000 due in one minute are all sent within it).
import pMap from 'p-map'
import type { Db } from '../../db.ts'
import { ensureCarePlan } from '../care/plan.ts'
import { remindedMembers } from '../household/reminded-members.ts'
import { nextDoseAt } from './dose-times.ts'
import { DOSE_WINDOW_MS, doseSchedule } from './medications.ts'
import { type RecordReminderDeps, sendRecordReminder } from './record-reminder.ts'

const BATCH = 500
/** As many as the mailer's pool has SMTP connections (server/services/mail.ts). */
const SENDS_AT_ONCE = 32

/** One formatter per zone: making one costs more than the rest of a reminder's work together. */
const timeFormats = new Map<string, Intl.DateTimeFormat>()
function formatTime(at: Date, timezone: string) {
  let format = timeFormats.get(timezone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
    timeFormats.set(timezone, format)
  }
  return format.format(at)
}

type Plan = Awaited<ReturnType<typeof ensureCarePlan>>

async function dueDoses(db: Db, now: Date, passed: Set<number>) {
  return db.medication.findMany({
    where: { nextDoseAt: { lte: now }, ...(passed.size ? { id: { notIn: [...passed] } } : {}) },
    orderBy: { nextDoseAt: 'asc' },
    take: BATCH,
    include: { cat: { select: { name: true, userId: true, user: { select: { email: true } } } } },
  })
}
type DueDose = Awaited<ReturnType<typeof dueDoses>>[number]

/** The plans of a page's cats in one read; a cat without one yet gets it made (rare: a plan comes first). */
async function plansOf(db: Db, rows: DueDose[], now: Date) {
  const catIds = [...new Set(rows.map((row) => row.catId))]
  const plans = new Map<number, Plan>(
    (await db.carePlan.findMany({ where: { catId: { in: catIds } } })).map((plan) => [plan.catId, plan]),
  )
  for (const row of rows) {
    if (!plans.has(row.catId) && row.cat.userId) {
      plans.set(row.catId, await ensureCarePlan(db, row.cat.userId, row.catId, now))
    }
  }
  return plans
}

interface Claim {
  row: DueDose
  plan: Plan
  taken: Date
  following: Date | null
}

/**
 * Takes a page's doses in one statement: each moves to its following dose only if it still waits for
 * the one read (a compare-and-set per row, as one UPDATE), and the ids it moved are this instance's to
 * send. The columns hold UTC without a zone, so the instants go as ISO text cast to timestamp.
 */
async function claimPage(db: Db, claims: Claim[]): Promise<Set<number>> {
  if (claims.length === 0) return new Set()
  const ids = claims.map((c) => c.row.id)
  const taken = claims.map((c) => c.taken.toISOString())
  const following = claims.map((c) => c.following?.toISOString() ?? '')
  const moved = await db.$queryRaw<Array<{ id: number }>>`
    UPDATE medications AS m SET next_dose_at = NULLIF(v.following, '')::timestamp
    FROM unnest(${ids}::int[], ${taken}::text[], ${following}::text[]) AS v(id, taken, following)
    WHERE m.id = v.id AND m.next_dose_at = v.taken::timestamp
    RETURNING m.id`
  return new Set(moved.map((row) => row.id))
}

/** One claimed dose sent; a failure puts its instant back (if untouched since) for the next sweep. */
async function remindOfDose(deps: RecordReminderDeps, { row, plan, taken, following }: Claim, now: Date) {
  try {
    // Read inside the claim, and only for the cats whose owner chose it: the batch's cost stays the owners'.
    const members = plan.membersReminded
      ? await remindedMembers(deps.db, row.cat.userId!, row.catId, row.cat.user!.email, now)
      : []
    await sendRecordReminder(deps, {
      members,
      userId: row.cat.userId!,
      email: row.cat.user!.email,
      channels: { email: plan.emailOn, push: plan.pushOn },
      kind: 'medication',
      key: `dose-${row.id}-${Math.floor(taken.getTime() / 1000)}`,
      subject: `${row.cat.name}'s ${row.name} (${row.dose}) at ${formatTime(taken, plan.timezone)}`,
      lines: [
        `Time for ${row.cat.name}'s ${row.name}: ${row.dose}, as your vet prescribed.`,
        'Log the dose on the care page once it is given.',
      ],
      // Where a dose is logged: the Care page's medications (docs/health-record.md).
      path: '/care',
    })
    return true
  } catch (error) {
    deps.log.warn({ err: error, medicationId: row.id }, 'dose reminder failed; the next sweep retries')
    await deps.db.medication.updateMany({
      where: { id: row.id, nextDoseAt: following },
      data: { nextDoseAt: taken },
    })
    return false
  }
}

/** Sends the dose reminders due by `now`; answers how many were sent. */
export async function sendDueDoseReminders(deps: RecordReminderDeps, now = new Date()): Promise<number> {
  let sent = 0
  // Rows this sweep left due (another instance's claim, a failed send, no owner): not read again until
  // the next sweep, so a send that keeps failing cannot hold this one in a loop.
  const passed = new Set<number>()
  for (;;) {
    const due = await dueDoses(deps.db, now, passed)
    if (due.length === 0) return sent
    const plans = await plansOf(deps.db, due, now)
    const claims: Claim[] = []
    for (const row of due) {
      const plan = plans.get(row.catId)
      if (!row.cat.user || !row.cat.userId || !plan) {
        passed.add(row.id)
        continue
      }
      const taken = row.nextDoseAt!
      // The following dose after this one and after now: doses the server slept through are not queued.
      const after = new Date(Math.max(taken.getTime(), now.getTime() - DOSE_WINDOW_MS))
      claims.push({ row, plan, taken, following: nextDoseAt(doseSchedule(row, plan.timezone), after) })
    }
    const ours = await claimPage(deps.db, claims)
    for (const c of claims) if (!ours.has(c.row.id)) passed.add(c.row.id)
    // Claimed but not sent: the plan is paused, or the dose was slept through past its window.
    const toSend = claims.filter(
      (c) => ours.has(c.row.id) && !c.plan.paused && now.getTime() - c.taken.getTime() <= DOSE_WINDOW_MS,
    )
    const results = await pMap(toSend, (claim) => remindOfDose(deps, claim, now), {
      concurrency: SENDS_AT_ONCE,
    })
    results.forEach((ok, i) => {
      if (ok) sent++
      else passed.add(toSend[i]!.row.id)
    })
    if (due.length < BATCH) return sent
  }
}
