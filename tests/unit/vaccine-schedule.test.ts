// The due date proposed for the core vaccines (server/knowledge/vaccines.json, 2020 AAHA/AAFP feline
// guidelines): by the cat's age on the day of the dose, the rabies label when named, else null.
import { describe, expect, it } from 'vitest'
import { coreVaccineOf, proposeNextDue } from '../../server/domain/record/vaccine-schedule.ts'

const today = '2026-11-28'
const propose = (name: string, givenOn: string, catAgeYears: number | null) =>
  proposeNextDue({ name, givenOn, catAgeYears, today })

describe('proposeNextDue', () => {
  it('FVRCP: a kitten dose every 3 weeks, a booster a year after the series, then every 3 years', () => {
    // 10 weeks old today, dose today: next in 3 weeks.
    expect(propose('FVRCP', today, 10 / 52.18)).toBe('2026-12-19')
    // 18 weeks old: the series is over, booster in a year.
    expect(propose('FVRCP', today, 18 / 52.18)).toBe('2027-11-28')
    // A 5-year-old adult: 3 years.
    expect(propose('Feline distemper (FVRCP)', '2026-01-10', 5)).toBe('2029-01-09')
  })

  it("uses the cat's age on the day of the dose, not today's", () => {
    // 1 year old today; the dose was 40 weeks ago, at about 12 weeks: a kitten dose.
    expect(propose('fvrcp', '2026-02-21', 1)).toBe('2026-03-14')
  })

  it('rabies: a year after a kitten dose; by the named label for adults; null with the label unknown', () => {
    expect(propose('Rabies', today, 0.3)).toBe('2027-11-28')
    expect(propose('Rabies 3-year', '2026-03-01', 4)).toBe('2029-02-28')
    expect(propose('Rabies (1 year)', '2026-03-01', 4)).toBe('2027-03-01')
    expect(propose('Rabies', '2026-03-01', 4)).toBeNull()
  })

  it('FeLV: kitten series, a booster a year later, then yearly (risk assumed)', () => {
    expect(propose('FeLV', today, 9 / 52.18)).toBe('2026-12-19')
    expect(propose('Purevax FeLV', today, 0.6)).toBe('2027-11-28')
    expect(propose('Leukemia', today, 6)).toBe('2027-11-28')
  })

  it('null for a vaccine it does not know, or with the age unknown', () => {
    expect(propose('Chlamydia', today, 3)).toBeNull()
    expect(propose('FVRCP', today, null)).toBeNull()
    expect(coreVaccineOf('Bordetella')).toBeNull()
  })
})
