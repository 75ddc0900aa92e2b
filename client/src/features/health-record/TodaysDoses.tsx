// A sitter's doses (docs/household.md): each current medication with its times and a button to log a
// dose given, and nothing that changes the record (a sitter may log, not manage).
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorMessage, trpc } from '../../trpc.ts'

export function TodaysDoses({ catId }: { catId: number }) {
  const utils = trpc.useUtils()
  const query = trpc.record.medications.useQuery({ cat_id: catId })
  const logDose = trpc.record.logDose.useMutation({
    onSuccess: () =>
      Promise.all([utils.record.medications.invalidate(), utils.household.activity.invalidate()]),
  })
  return (
    <section className="report__section health-record" aria-labelledby="todays-doses-title">
      <h3 id="todays-doses-title">Doses</h3>
      {query.isLoading && (
        <p className="muted" role="status">
          Loading the medications…
        </p>
      )}
      {query.error && (
        <ErrorBox action={{ label: 'Retry', onClick: () => void query.refetch() }}>
          {errorMessage(query.error, 'The medications could not be loaded.')}
        </ErrorBox>
      )}
      {query.data?.length === 0 && <p className="muted">No medication to give.</p>}
      <ul className="health-record__list">
        {query.data?.map((m) => (
          <li key={m.id}>
            <span>
              <strong>{m.name}</strong>: {m.dose} at {m.times.join(', ')}
            </span>
            <button
              type="button"
              className="btn btn--secondary"
              disabled={logDose.isPending}
              onClick={() => logDose.mutate({ id: m.id })}
            >
              Log a dose of {m.name}
            </button>
          </li>
        ))}
      </ul>
      {logDose.isSuccess && (
        <p className="notice" role="status">
          Dose logged.
        </p>
      )}
      {logDose.error && <ErrorBox>{errorMessage(logDose.error, 'The dose could not be logged.')}</ErrorBox>}
    </section>
  )
}
