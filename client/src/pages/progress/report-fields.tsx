// The report's field list pieces (/progress): a labelled value, a list value, and 'Not given' for what
// the owner left out.
import type { ReactNode } from 'react'

export const NOT_GIVEN = 'Not given'

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="report__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

export function ListValue({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span className="muted">{NOT_GIVEN}</span>
  return (
    <ul className="report__list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

/** A typed text, or 'Not given' when it is blank. */
export const text = (value: string) => value.trim() || <span className="muted">{NOT_GIVEN}</span>
