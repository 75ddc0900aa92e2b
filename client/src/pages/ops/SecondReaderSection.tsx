// The scoreboard's second-reader section (docs/triage.md "The second reader"): where the model's reading
// of an owner's message differed from the product's triage. The model's sign and the owner's words it
// quoted are shown only when the owner agreed to a review.
import { Link } from 'react-router'
import type { z } from 'zod'
import type { safetyScoreboardSchema } from '../../../../shared/schemas/follow-ups.ts'

type SecondReader = z.infer<typeof safetyScoreboardSchema>['second_reader']

export function SecondReaderSection({
  data,
  linkTo,
}: {
  data: SecondReader
  linkTo: (conversationId: number) => string
}) {
  const total = data.disagreements.reduce((sum, row) => sum + row.count, 0)
  return (
    <section aria-labelledby="ops-reader-title">
      <h2 id="ops-reader-title">
        Second reader disagreed ({total}, {data.raised} raised)
      </h2>
      {data.cases.length === 0 ? (
        <p className="muted">None in this period.</p>
      ) : (
        <table className="ops__table">
          <thead>
            <tr>
              <th scope="col">Owner message</th>
              <th scope="col">Product</th>
              <th scope="col">Model</th>
              <th scope="col">Reply</th>
              <th scope="col">What the model read</th>
              <th scope="col">Conversation</th>
            </tr>
          </thead>
          <tbody>
            {data.cases.map((row) => (
              <tr key={row.message_id}>
                <td>#{row.message_id}</td>
                <td>
                  {row.product_level}
                  {row.product_sign ? ` (${row.product_sign})` : ''}
                </td>
                <td>{row.model_level}</td>
                <td>{row.reply_level}</td>
                <td>
                  {row.model_sign || row.evidence ? (
                    `${row.model_sign ?? ''}${row.evidence ? `: “${row.evidence}”` : ''}`
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td>
                  {row.conversation_id ? (
                    <Link to={linkTo(row.conversation_id)}>Review</Link>
                  ) : (
                    <span className="muted">No consent</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
