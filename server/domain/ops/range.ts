// The scoreboard's period: `from` (inclusive) to `to` (a date includes its whole day); the last 30 days
// when not given. A period that ends before it starts is a 400.
import { appError } from '../../errors.ts'

const DAY_MS = 86_400_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

export function scoreboardRange(
  input: { from?: string | undefined; to?: string | undefined },
  now = new Date(),
) {
  const to = input.to
    ? new Date(DATE_ONLY.test(input.to) ? Date.parse(`${input.to}T00:00:00Z`) + DAY_MS : Date.parse(input.to))
    : now
  const from = input.from
    ? new Date(DATE_ONLY.test(input.from) ? `${input.from}T00:00:00Z` : input.from)
    : new Date(to.getTime() - 30 * DAY_MS)
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from > to) {
    throw appError('INVALID_INPUT', { message: 'from must be before to' })
  }
  return { from, to }
}
