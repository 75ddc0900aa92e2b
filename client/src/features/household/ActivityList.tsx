// Who logged or changed what for the cat (docs/household.md "Activity"), newest first, each entry naming
// its author by their address, so an owner sees what a sitter or family did.
import type { ReactNode } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function ActivityList({ catId }: { catId: number }) {
  const query = trpc.household.activity.useQuery({ cat_id: catId })
  let body: ReactNode
  if (query.isLoading) {
    body = (
      <p className="muted" role="status">
        Loading the activity…
      </p>
    )
  } else if (query.error) {
    if (errorCode(query.error) === 'CAT_NOT_FOUND') return null
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void query.refetch() }}>
        {errorMessage(query.error, 'The activity could not be loaded.')}
      </ErrorBox>
    )
  } else if (!query.data?.length) {
    body = <p className="muted">Nothing logged yet.</p>
  } else {
    body = (
      <ol className="household-activity">
        {query.data.map((entry) => (
          <li key={entry.id}>
            <span>{entry.what}</span>
            <span className="muted">
              {' '}
              by {entry.by}, <time dateTime={entry.at}>{when(entry.at)}</time>
            </span>
          </li>
        ))}
      </ol>
    )
  }
  return (
    <section className="report__section" aria-labelledby="household-activity-title">
      <h2 id="household-activity-title">Activity</h2>
      {body}
    </section>
  )
}
