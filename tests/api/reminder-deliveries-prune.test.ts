// Reminders' delivery records (docs/household.md, "Reminders") are kept a week, long past the last retry
// of their reminder, then deleted by the worker's hourly clean-up; a week's records stay untouched.
import { describe, expect, it } from 'vitest'
import { REMINDER_DELIVERY_KEEP_MS } from '../../server/domain/care/reminder-deliveries.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'

// The clean-up runs when the test asks (`jobs.sweep()`), not on its own timer.
const t = suiteApp(() => createTestApp({ jobs: { sweepIntervalMs: 3_600_000 } }))

describe("reminders' delivery records", () => {
  it('are deleted a week after they were sent; newer ones stay', async () => {
    const now = Date.now()
    const at = (ms: number) => new Date(now - ms)
    await t.db.reminderDelivery.createMany({
      data: [
        {
          reminderKey: 'check-in-1-100',
          recipient: 'email:old@example.com',
          sentAt: at(REMINDER_DELIVERY_KEEP_MS + 60_000),
        },
        { reminderKey: 'dose-2-200', recipient: 'push:7', sentAt: at(30 * 24 * 3_600_000) },
        {
          reminderKey: 'check-in-3-300',
          recipient: 'email:new@example.com',
          sentAt: at(REMINDER_DELIVERY_KEEP_MS - 3_600_000),
        },
        { reminderKey: 'dose-4-400', recipient: 'push:8', sentAt: at(1000) },
      ],
    })
    await t.jobs!.sweep()
    const left = await t.db.reminderDelivery.findMany({
      orderBy: { reminderKey: 'asc' },
      select: { reminderKey: true },
    })
    expect(left.map((row) => row.reminderKey)).toEqual(['check-in-3-300', 'dose-4-400'])
  })
})
