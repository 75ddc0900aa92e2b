// /household, "Household" in the menu (docs/household.md): invite family or a sitter to the owner's
// cats, and see and remove members and invitations still waiting.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { InviteForm, MembersList } from '../../features/household/index.ts'
import { useCats } from '../../hooks/useCats.ts'
import { useOwnerState } from '../../hooks/useOwnerState.ts'
import { errorMessage } from '../../trpc.ts'

export function HouseholdPage() {
  const { cats, isLoading, error, refetch } = useCats()
  // Only the owner's own cats can be shared: a cat shared with them is not theirs to pass on.
  const own = cats.filter((cat) => cat.shared_by === undefined)
  // A member whose only cats are shared with them manages no household (the server's reach: `own`).
  const { reach } = useOwnerState()
  let body: ReactNode
  if (isLoading) {
    body = (
      <p className="muted" role="status">
        Loading…
      </p>
    )
  } else if (error) {
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void refetch() }}>
        {errorMessage(error, DEFAULT_ERRORS.fetchCats)}
      </ErrorBox>
    )
  } else if (own.length === 0 && reach?.own === false) {
    body = (
      <div className="notice">
        <p>Only a cat's owner shares its care. The cats shared with you are on your Care page.</p>
        <Link className="btn btn--primary" to="/care">
          Go to Care
        </Link>
      </div>
    )
  } else if (own.length === 0) {
    body = (
      <div className="notice">
        <p>Add your cat first: then you can share its care with family or a sitter.</p>
        <Link className="btn btn--primary" to="/onboarding?step=1">
          Create your cat's profile
        </Link>
      </div>
    )
  } else {
    body = (
      <div className="stack">
        <InviteForm cats={own} />
        <MembersList cats={own} />
      </div>
    )
  }
  return (
    <section className="card card--wide report" aria-labelledby="household-title">
      <h1 id="household-title">Household</h1>
      <p className="muted">
        Share your cats' care: family helps with everything, a sitter logs check-ins, doses and weights and
        sees the emergency card while you are away.
      </p>
      {body}
    </section>
  )
}
