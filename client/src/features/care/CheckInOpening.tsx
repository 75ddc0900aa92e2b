// The chat opened from a reminder's link (/cat-assistant?check_in=<id>): Dr. Olivia's opening with the
// day's plan, and the check-in form until it is done. Mounted with one line in the chat page.
import { useSearchParams } from 'react-router'
import { EXPERT_NAME } from '../../../../shared/constants.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'
import { CheckInForm } from './CheckInForm.tsx'

export function checkInIdFrom(params: URLSearchParams): number | null {
  const raw = params.get('check_in')
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null
}

export function CheckInOpening() {
  const [params] = useSearchParams()
  const id = checkInIdFrom(params)
  if (id === null) return null
  return <Opening id={id} />
}

function Opening({ id }: { id: number }) {
  const query = trpc.care.checkIn.useQuery({ id }, { retry: false })
  if (query.isLoading) {
    return (
      <p className="muted check-in" role="status">
        Loading your check-in…
      </p>
    )
  }
  if (query.error || !query.data) {
    return (
      <ErrorBox className="check-in">
        {errorMessage(query.error, 'This check-in could not be found.')}
      </ErrorBox>
    )
  }
  const { check_in: checkIn, opening, weight_unit: unit } = query.data
  return (
    <section className="check-in" aria-labelledby="check-in-title">
      <h2 id="check-in-title" className="check-in__title">
        Check-in with {EXPERT_NAME}
      </h2>
      <div className="check-in__opening">
        {opening.split('\n').map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
      {checkIn.status === 'due' ? (
        <CheckInForm checkInId={checkIn.id} weighIn={checkIn.weigh_in} defaultUnit={unit} />
      ) : (
        <p className="notice" role="status">
          {checkIn.status === 'done'
            ? 'Check-in done. Thank you!'
            : 'This check-in has closed: it was not answered within 24 hours.'}
        </p>
      )}
    </section>
  )
}
