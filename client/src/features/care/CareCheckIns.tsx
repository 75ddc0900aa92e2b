// The check-ins on /progress of the cat it is given (the switcher's cat): the open ones with their form,
// then the last few answered or missed.

import { unitLabel, type WeightUnit } from '../../../../shared/rules/weight.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { CheckInForm } from './CheckInForm.tsx'

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

const STATUS = { due: 'Open', done: 'Done', missed: 'Missed' } as const

/** `unit`: the one the owner last used for this cat (the profile's), the form's default. */
export function CareCheckIns({ catId, unit }: { catId: number; unit: WeightUnit }) {
  const query = trpc.care.checkIns.useQuery({ cat_id: catId })
  if (query.isLoading)
    return (
      <p className="muted" role="status">
        Loading check-ins…
      </p>
    )
  if (query.error) {
    // An owner with no cat yet has no check-ins: the page says so elsewhere.
    return errorCode(query.error) === 'CAT_NOT_FOUND' ? null : (
      <ErrorBox>{errorMessage(query.error, 'Could not load the check-ins')}</ErrorBox>
    )
  }
  const all = query.data ?? []
  const open = all.filter((c) => c.status === 'due')
  const past = all.filter((c) => c.status !== 'due').slice(0, 5)
  return (
    <section className="report__section care-check-ins" aria-labelledby="care-check-ins-title">
      <h2 id="care-check-ins-title">Check-ins</h2>
      {all.length === 0 && <p className="muted">Your first check-in arrives at the time on your plan.</p>}
      {open.map((c) => (
        <div key={c.id} className="stack">
          <h3>{when(c.due_at)}</h3>
          <CheckInForm key={`${c.id}-${unit}`} checkInId={c.id} weighIn={c.weigh_in} defaultUnit={unit} />
        </div>
      ))}
      {past.length > 0 && (
        <ul className="care-check-ins__past">
          {past.map((c) => (
            <li key={c.id}>
              {when(c.due_at)}: {STATUS[c.status]}
              {c.weight !== null ? `, ${c.weight} ${unitLabel(c.unit)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
