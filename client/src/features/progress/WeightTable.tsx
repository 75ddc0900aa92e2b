// The chart's numbers as a table: every weighing, newest first, in the unit it was logged
// with the other unit beside it, each with a Delete button where the user may delete (`onDelete`).
import { otherUnitLabel, unitLabel } from '../../../../shared/rules/weight.ts'
import type { WeightEntry } from '../../../../shared/schemas/care.ts'

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })

export interface WeightTableProps {
  catName: string
  entries: readonly WeightEntry[]
  deleting: number | null
  /** Absent: no Delete (the user may not delete entries, a sitter). */
  onDelete?: ((id: number) => void) | undefined
}

export function WeightTable({ catName, entries, deleting, onDelete }: WeightTableProps) {
  const newestFirst = [...entries].reverse()
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must take focus to scroll by keyboard (axe: scrollable-region-focusable)
    <section className="progress-table" aria-label={`${catName}'s weights`} tabIndex={0}>
      <table>
        <caption className="sr-only">{`${catName}'s weights, newest first`}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Weight</th>
            {onDelete && (
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((entry) => (
            <tr key={entry.id}>
              <td>{dateText(entry.measured_at)}</td>
              <td>
                {entry.weight} {unitLabel(entry.unit)}{' '}
                <span className="muted">({otherUnitLabel(entry.weight, entry.unit)})</span>
              </td>
              {onDelete && (
                <td>
                  <button
                    type="button"
                    className="btn btn--ghost progress-table__delete"
                    disabled={deleting === entry.id}
                    aria-label={`Delete ${entry.weight} ${unitLabel(entry.unit)} of ${dateText(entry.measured_at)}`}
                    onClick={() => onDelete(entry.id)}
                  >
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
