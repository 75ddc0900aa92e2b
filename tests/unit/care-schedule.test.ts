import { describe, expect, it } from 'vitest'
import { checkInWeekdays, isWeighInDay, nextCheckInAt } from '../../server/domain/care/schedule.ts'

const plan = (over: Partial<Parameters<typeof nextCheckInAt>[0]> = {}) => ({
  checkInPeriod: 'Daily' as const,
  trainingDays: [] as string[],
  reminderTime: '09:00',
  timezone: 'UTC',
  ...over,
})

describe('check-in days', () => {
  it('Daily is every day; Weekly the first training day, Monday for Any Day', () => {
    expect(checkInWeekdays(plan())).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(checkInWeekdays(plan({ checkInPeriod: 'Weekly', trainingDays: ['Any Day'] }))).toEqual([1])
    expect(checkInWeekdays(plan({ checkInPeriod: 'Weekly', trainingDays: ['Sunday', 'Thursday'] }))).toEqual([
      4,
    ])
  })

  it('3 Times a Week spreads three training days; Monday, Wednesday and Friday for Any Day', () => {
    const three = (trainingDays: string[]) =>
      checkInWeekdays(plan({ checkInPeriod: '3 Times a Week', trainingDays }))
    expect(three(['Any Day'])).toEqual([1, 3, 5])
    expect(three([])).toEqual([1, 3, 5])
    expect(three(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])).toEqual([1, 3, 5])
    expect(three(['Monday', 'Tuesday', 'Saturday', 'Sunday'])).toEqual([1, 2, 6])
    // Fewer than three chosen: the chosen days stay, the others are filled in spread out.
    expect(three(['Tuesday'])).toEqual([2, 4, 6])
    expect(three(['Tuesday', 'Saturday'])).toEqual([2, 4, 6])
  })

  it('the weigh-in is the first check-in of the week', () => {
    const p = plan({ checkInPeriod: '3 Times a Week', trainingDays: ['Any Day'] })
    expect(isWeighInDay(p, 1)).toBe(true)
    expect(isWeighInDay(p, 3)).toBe(false)
  })
})

describe('next_check_in_at', () => {
  it('is the reminder time in the zone, on the next check-in day, strictly after now', () => {
    const ny = plan({ timezone: 'America/New_York', checkInPeriod: 'Weekly', trainingDays: ['Wednesday'] })
    // Monday 2026-06-01 12:00 UTC → Wednesday 2026-06-03 09:00 EDT (UTC-4).
    expect(nextCheckInAt(ny, new Date('2026-06-01T12:00:00Z')).toISOString()).toBe('2026-06-03T13:00:00.000Z')
    // At the very minute: the next week's.
    expect(nextCheckInAt(ny, new Date('2026-06-03T13:00:00Z')).toISOString()).toBe('2026-06-10T13:00:00.000Z')
  })

  it('stays at 09:00 in New York across the spring and autumn clock changes', () => {
    const ny = plan({ timezone: 'America/New_York' })
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT.
    expect(nextCheckInAt(ny, new Date('2026-03-07T15:00:00Z')).toISOString()).toBe('2026-03-08T13:00:00.000Z')
    expect(nextCheckInAt(ny, new Date('2026-03-07T13:00:00Z')).toISOString()).toBe('2026-03-07T14:00:00.000Z')
    // 2026-11-01: clocks go back from 02:00 EDT to 01:00 EST.
    expect(nextCheckInAt(ny, new Date('2026-10-31T14:00:00Z')).toISOString()).toBe('2026-11-01T14:00:00.000Z')
  })

  it('a time the clocks jump over falls just after the jump', () => {
    const ny = plan({ timezone: 'America/New_York', reminderTime: '02:30' })
    expect(nextCheckInAt(ny, new Date('2026-03-08T05:00:00Z')).toISOString()).toBe('2026-03-08T07:30:00.000Z')
  })
})
