import { telHref } from '../../../../shared/rules/phone.ts'
import type { FirstAidGuide } from '../../../../shared/schemas/first-aid.ts'

/** The poison lines, each a `tel:` link: kept offline with the guide. */
export function PoisonLines({ lines }: { lines: FirstAidGuide['poison_lines'] }) {
  return (
    <section className="first-aid__box" aria-labelledby="poison-lines-title">
      <h2 id="poison-lines-title">Poison lines</h2>
      <ul className="first-aid__lines">
        {lines.map((line) => (
          <li key={line.phone}>
            <a className="first-aid__call" href={telHref(line.phone)}>
              {line.name}: {line.phone}
            </a>
            <span className="muted"> {line.note}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
