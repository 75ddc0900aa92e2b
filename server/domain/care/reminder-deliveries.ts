// Each recipient of a reminder once (docs/household.md, "Reminders"). A reminder the household shares
// has several deliveries (the owner's e-mail, each member's, the pushes); when one fails, the retry (the
// queue's, the next sweep's, on any instance) must send only what did not go. Each delivery is recorded
// right after it is accepted, under the reminder's key; the reminder's own claim (a check-in's sending
// lease, a dose's compare-and-set) keeps two instances from sending at the same moment.
import type { Db } from '../../db.ts'

export interface Delivery {
  /** 'email:<address>' or 'push:<user id>': what the record names. */
  recipient: string
  send: () => Promise<unknown>
}

export const emailRecipient = (address: string) => `email:${address.trim().toLowerCase()}`
export const pushRecipient = (userId: number) => `push:${userId}`

/**
 * Sends the deliveries of reminder `key` that are not recorded as sent, in order, recording each as it
 * goes; a failure stops there and is thrown (what went before it stays recorded). `recorded` false (an
 * owner-only reminder, whose claim already says what went) sends them all without a record.
 */
export async function deliverOnce(
  db: Db,
  key: string,
  deliveries: readonly Delivery[],
  recorded: boolean,
): Promise<void> {
  if (!recorded) {
    for (const delivery of deliveries) await delivery.send()
    return
  }
  if (deliveries.length === 0) return
  const done = await db.reminderDelivery.findMany({
    where: { reminderKey: key, recipient: { in: deliveries.map((d) => d.recipient) } },
    select: { recipient: true },
  })
  const sent = new Set(done.map((row) => row.recipient))
  for (const delivery of deliveries) {
    if (sent.has(delivery.recipient)) continue
    await delivery.send()
    sent.add(delivery.recipient)
    await db.reminderDelivery.createMany({
      data: [{ reminderKey: key, recipient: delivery.recipient }],
      skipDuplicates: true,
    })
  }
}

/**
 * How long a delivery's record is kept: far past the last retry of its reminder (a check-in's sending
 * lease and backoff, a dose skipped two hours late), so a record deleted can no longer be asked for.
 */
export const REMINDER_DELIVERY_KEEP_MS = 7 * 24 * 3_600_000

/** Deletes the delivery records older than REMINDER_DELIVERY_KEEP_MS (indexed on `sent_at`). */
export async function pruneReminderDeliveries(db: Db, now: Date = new Date()): Promise<number> {
  const { count } = await db.reminderDelivery.deleteMany({
    where: { sentAt: { lt: new Date(now.getTime() - REMINDER_DELIVERY_KEEP_MS) } },
  })
  return count
}
