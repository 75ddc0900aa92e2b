// The calendar feed's VTIMEZONE, built from the runtime's zone data (server/domain/record/vtimezone.ts):
// each change in the span with its onset in the old local time, summer time named DAYLIGHT, the
// observance in force at the start first; none for UTC. Read back with ical.js, which converts by it.
import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { vtimezone } from '../../server/domain/record/vtimezone.ts'

const observances = (text: string) =>
  new ICAL.Component(ICAL.parse(`BEGIN:VCALENDAR\r\n${text}END:VCALENDAR\r\n`))
    .getFirstSubcomponent('vtimezone')!
    .getAllSubcomponents()
    .map(
      (o) =>
        `${o.name} ${o.getFirstPropertyValue('dtstart')} ${o.getFirstPropertyValue('tzoffsetfrom')}→${o.getFirstPropertyValue('tzoffsetto')} ${o.getFirstPropertyValue('tzname')}`,
    )

describe('vtimezone', () => {
  it('Sydney in autumn: summer time first, then clocks back at 03:00 local', () => {
    const text = vtimezone(
      'Australia/Sydney',
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-05-01T00:00:00Z'),
    )!
    expect(observances(text)).toEqual([
      'daylight 2027-03-01T00:00:00 +11:00→+11:00 AEDT',
      'standard 2027-04-04T03:00:00 +11:00→+10:00 AEST',
    ])
  })

  it('Los Angeles across both changes of a year; a zone without changes has one observance; UTC none', () => {
    const la = vtimezone(
      'America/Los_Angeles',
      new Date('2027-01-01T00:00:00Z'),
      new Date('2028-01-01T00:00:00Z'),
    )!
    expect(observances(la).slice(1)).toEqual([
      'daylight 2027-03-14T02:00:00 -08:00→-07:00 PDT',
      'standard 2027-11-07T02:00:00 -07:00→-08:00 PST',
    ])
    const kathmandu = vtimezone(
      'Asia/Kathmandu',
      new Date('2027-01-01T00:00:00Z'),
      new Date('2027-03-01T00:00:00Z'),
    )!
    expect(observances(kathmandu)).toHaveLength(1)
    expect(observances(kathmandu)[0]).toMatch(/^standard .* \+05:45→\+05:45 /)
    expect(vtimezone('UTC', new Date(), new Date())).toBeNull()
  })
})
