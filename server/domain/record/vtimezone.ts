// The VTIMEZONE (RFC 5545 §3.6.5) of an IANA zone over a span of time, built from the runtime's own
// zone data through Temporal rather than a package's copy of it (docs/health-record.md, "The calendar
// feed"). It lists the span's actual transitions, each an observance with its onset and offsets, and
// no RRULE: a feed is read again within hours, long before the span (the feed's 60 days) ends. Apple
// Calendar and Outlook place TZID times by this component; Google Calendar by the zone's name.
import { Temporal } from 'temporal-polyfill'

const pad = (n: number) => String(n).padStart(2, '0')

/** A local date-time as iCalendar writes it, 20270328T020000. */
const localStamp = (t: Temporal.PlainDateTime) =>
  `${String(t.year).padStart(4, '0')}${pad(t.month)}${pad(t.day)}T${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`

/** An offset in nanoseconds as iCalendar writes it, +0100 (seconds kept when there are any). */
function utcOffset(ns: number): string {
  const total = Math.round(ns / 1e9)
  const sign = total < 0 ? '-' : '+'
  const abs = Math.abs(total)
  const seconds = abs % 60
  return `${sign}${pad(Math.floor(abs / 3600))}${pad(Math.floor(abs / 60) % 60)}${seconds ? pad(seconds) : ''}`
}

/** The zone's short name at an instant (PDT, CEST; GMT+5:45 where no locale has a name for it). */
function shortName(zone: string, epochMs: number): string {
  const names = ['en-US', 'en-GB', 'en-AU'].map(
    (locale) =>
      new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
        .formatToParts(epochMs)
        .find((p) => p.type === 'timeZoneName')?.value ?? zone,
  )
  return names.find((name) => !/^(GMT|UTC)[+-]/.test(name)) ?? names[0]!
}

interface Observance {
  kind: 'STANDARD' | 'DAYLIGHT'
  onset: Temporal.PlainDateTime
  from: number
  to: number
  name: string
}

/** The zone's VTIMEZONE from `from` to `until`; null for UTC (written with Z, no component). */
export function vtimezone(zone: string, from: Date, until: Date): string | null {
  if (zone === 'UTC' || zone === 'Etc/UTC') return null
  let at = Temporal.Instant.fromEpochMilliseconds(from.getTime()).toZonedDateTimeISO(zone)
  const end = Temporal.Instant.fromEpochMilliseconds(until.getTime())
  const transitions: Observance[] = []
  for (;;) {
    const next = at.getTimeZoneTransition('next')
    if (!next || Temporal.Instant.compare(next.toInstant(), end) > 0) break
    const before = next.subtract({ nanoseconds: 1 }).offsetNanoseconds
    transitions.push({
      // Clocks going forward start summer time, going back end it.
      kind: next.offsetNanoseconds > before ? 'DAYLIGHT' : 'STANDARD',
      // The onset is written in the local time that held until then (TZOFFSETFROM's).
      onset: next.toInstant().toZonedDateTimeISO('UTC').toPlainDateTime().add({ nanoseconds: before }),
      from: before,
      to: next.offsetNanoseconds,
      name: shortName(zone, next.epochMilliseconds),
    })
    at = next
  }
  // The observance in force at the span's start: summer time if the next change takes clocks back.
  const start = Temporal.Instant.fromEpochMilliseconds(from.getTime()).toZonedDateTimeISO(zone)
  const first: Observance = {
    kind: transitions[0]?.kind === 'STANDARD' ? 'DAYLIGHT' : 'STANDARD',
    onset: start.toPlainDate().toPlainDateTime(),
    from: start.offsetNanoseconds,
    to: start.offsetNanoseconds,
    name: shortName(zone, start.epochMilliseconds),
  }
  const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`]
  for (const o of [first, ...transitions]) {
    lines.push(
      `BEGIN:${o.kind}`,
      `DTSTART:${localStamp(o.onset)}`,
      `TZOFFSETFROM:${utcOffset(o.from)}`,
      `TZOFFSETTO:${utcOffset(o.to)}`,
      `TZNAME:${o.name}`,
      `END:${o.kind}`,
    )
  }
  lines.push('END:VTIMEZONE')
  return `${lines.join('\r\n')}\r\n`
}
