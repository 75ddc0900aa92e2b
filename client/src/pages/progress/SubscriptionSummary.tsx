import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import type { SubscriptionView } from '../../../../shared/schemas/billing.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'
import { Field, NOT_GIVEN } from './report-fields.tsx'

/** 'past_due' → 'Past due'. */
function statusText(status: string): string {
  const words = status.replace(/_/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Unknown'
}

function dateText(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })
}

/** The report's subscription section: the plan, its status and its end. */
export function SubscriptionSummary() {
  const status = trpc.billing.status.useQuery()
  let body: ReactNode
  if (status.isLoading) {
    body = (
      <p className="muted" role="status">
        Loading your subscription…
      </p>
    )
  } else if (status.error) {
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void status.refetch() }}>
        {errorMessage(status.error, DEFAULT_ERRORS.fetchSubscriptions)}
      </ErrorBox>
    )
  } else if (!status.data?.subscription) {
    body = (
      <p>
        No subscription yet. <Link to="/paywall">See plans</Link>
      </p>
    )
  } else {
    body = <SubscriptionFields subscription={status.data.subscription} />
  }
  return (
    <section aria-labelledby="report-subscription" className="report__section report__subscription">
      <h3 id="report-subscription">Subscription</h3>
      {body}
    </section>
  )
}

function SubscriptionFields({ subscription }: { subscription: SubscriptionView }) {
  return (
    <dl className="report__fields">
      <Field label="Plan">
        {subscription.plan || NOT_GIVEN}
        {subscription.billing_period && ` (${subscription.billing_period})`}
      </Field>
      <Field label="Status">{statusText(subscription.status)}</Field>
      <Field label={subscription.active ? 'Ends on' : 'Ended on'}>{dateText(subscription.end_date)}</Field>
    </dl>
  )
}
