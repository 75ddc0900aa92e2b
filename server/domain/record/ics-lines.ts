// The line-level rules of RFC 5545 the calendar feed is written by: TEXT escaping (§3.3.11), UTC and
// DATE values (§3.3.4, §3.3.5), and content lines of at most 75 octets folded with CRLF and a space, every
// line ended by CRLF, the last one included (§3.1).

/** A TEXT value: backslash, semicolon, comma and line breaks escaped. */
export function textValue(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|\r|\n/g, '\\n')
}

/** An instant as a UTC DATE-TIME, 20270310T070000Z. */
export function utcStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
}

/** An all-day property, DTSTART;VALUE=DATE:20270310, from YYYY-MM-DD. */
export function dateLine(name: string, date: string): string {
  return `${name};VALUE=DATE:${date.replace(/-/g, '')}`
}

const DAY_MS = 86_400_000
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)

/** The local date `n` days after YYYY-MM-DD (calendar arithmetic: no zone is involved). */
export function plusDays(date: string, n: number): string {
  return new Date(dayMs(date) + n * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from one local date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayMs(to) - dayMs(from)) / DAY_MS)
}

/** The ISO weekday of a local date, 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(dayMs(date)).getUTCDay() || 7
}

/**
 * A local date and 'HH:MM' wall-clock time (plus `minutes`) as written after TZID=, 20270310T083000.
 * Wall-clock arithmetic: a time the clocks skip is written as it is and read as RFC 5545 §3.3.5 says.
 */
export function localStamp(date: string, time: string, minutes = 0): string {
  const at = new Date(Date.parse(`${date}T${time}:00Z`) + minutes * 60_000)
  return at.toISOString().slice(0, 19).replace(/[-:]/g, '')
}

const MAX_OCTETS = 75

/** One content line folded: no piece over 75 octets, never cutting a character apart. */
function fold(line: string): string {
  if (Buffer.byteLength(line) <= MAX_OCTETS) return line
  const pieces: string[] = []
  let piece = ''
  let octets = 0
  // A continuation line starts with a space, which counts towards its 75 octets.
  let limit = MAX_OCTETS
  for (const char of line) {
    const size = Buffer.byteLength(char)
    if (octets + size > limit) {
      pieces.push(piece)
      piece = ''
      octets = 0
      limit = MAX_OCTETS - 1
    }
    piece += char
    octets += size
  }
  pieces.push(piece)
  return pieces.join('\r\n ')
}

/** The lines as an iCalendar stream: each folded and ended by CRLF. */
export function foldedLines(lines: readonly string[]): string {
  return lines.map((line) => `${fold(line)}\r\n`).join('')
}
