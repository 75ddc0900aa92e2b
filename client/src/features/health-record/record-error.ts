// A refused save of the health record in the owner's words: the server names the input's fields
// ("end_on: end_on must not be before start_on"); the form shows its own labels for them instead
// ("End date must not be before start date"). A record gone meanwhile, or no answer, says what to do.
import { errorCode, errorMessage } from '../../trpc.ts'

/** The form's label of each field the record's rows take. */
const LABELS: Record<string, string> = {
  name: 'Name',
  given_on: 'Given on',
  next_due_on: 'Next due',
  clinic: 'Clinic',
  notes: 'Notes',
  dose: 'Dose',
  times: 'Times',
  start_on: 'Start date',
  end_on: 'End date',
  title: 'Title',
  kind: 'Kind',
}

const FIELD = new RegExp(`\\b(${Object.keys(LABELS).join('|')})\\b`, 'g')

/** The server's message with the fields named as the form names them; `name` as the form's own word. */
export function humanRecordMessage(message: string, nameLabel = 'Name'): string {
  const labels: Record<string, string> = { ...LABELS, name: nameLabel }
  // "times.0: times: each time…" or "name: name has…": the path in front repeats the field named after.
  const path = message.match(/^[a-z_]+(?:\.\d+)*: /)?.[0] ?? ''
  const rest = message.slice(path.length)
  const text = path && new RegExp(FIELD.source).test(rest) ? rest : message
  let first = true
  const named = text.replace(FIELD, (field: string, _g, at: number) => {
    const label = labels[field] ?? field
    const start = first && at === 0
    first = false
    return start ? label : label.toLowerCase()
  })
  return named.charAt(0).toUpperCase() + named.slice(1)
}

export const RECORD_GONE =
  'This entry is no longer in the record (it may have been deleted). Reload the page.'

/** What a failed add or edit shows. */
export function recordError(error: unknown, fallback: string, nameLabel?: string): string {
  const code = errorCode(error)
  if (code === 'NOT_FOUND') return RECORD_GONE
  if (code === 'INVALID_INPUT') return humanRecordMessage(errorMessage(error, fallback), nameLabel)
  return errorMessage(error, fallback)
}
