import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { CatSwitcher } from '../../features/household/index.ts'
import { useCats } from '../../hooks/useCats.ts'
import { useOwnerState } from '../../hooks/useOwnerState.ts'
import { errorMessage } from '../../trpc.ts'
import { CatReport } from './CatReport.tsx'
import { SubscriptionSummary } from './SubscriptionSummary.tsx'

/**
 * /progress 'Review Report' (docs/product.md §2): the current cat's profile, daily plan and subscription. The
 * care plan and check-ins (/care) and the weight log and vet report (/care/progress) are pages of their own.
 */
export function ProgressPage() {
  const { current, isLoading, error, refetch } = useCats()
  // Billing and new cats are an owner's (docs/household.md): a member whose only cats are shared with
  // them is offered neither plans nor a new profile (the owner's subscription covers family's chat).
  const { reach } = useOwnerState()
  const owner = reach?.own !== false

  let body: ReactNode
  if (isLoading) {
    body = (
      <p className="muted" role="status">
        Loading your report…
      </p>
    )
  } else if (error) {
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void refetch() }}>
        {errorMessage(error, DEFAULT_ERRORS.fetchCats)}
      </ErrorBox>
    )
  } else if (!current && owner) {
    body = (
      <div className="notice report__empty">
        <h2>No cat profile yet</h2>
        <p>Tell us about your cat and we will put together a care plan and this report.</p>
        <Link className="btn btn--primary" to="/onboarding?step=1">
          Create your cat's profile
        </Link>
      </div>
    )
  } else if (current) {
    body = <CatReport cat={current} />
  }

  return (
    <section className="card card--wide report" aria-labelledby="report-title">
      <h1 id="report-title">Review Report</h1>
      <CatSwitcher />
      {body}
      {owner && <SubscriptionSummary />}
    </section>
  )
}
