import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { cupsText, nutritionPlan } from '../../../../shared/rules/nutrition.ts'
import { catDisplayName, treatsLabel } from '../../../../shared/rules/recommendations.ts'
import { otherUnitLabel } from '../../../../shared/rules/weight.ts'
import type { SubscriptionView } from '../../../../shared/schemas/billing.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { CareCheckIns, CarePlanEditor } from '../../features/care/index.ts'
import { CatSwitcher } from '../../features/household/index.ts'
import { ProgressReport } from '../../features/progress/index.ts'
import { useCats } from '../../hooks/useCats.ts'
import { errorMessage, trpc } from '../../trpc.ts'

const NOT_GIVEN = 'Not given'

/** '8.5 Lbs (3.9 kg)': the weight as typed, with the other unit beside it. */
function weightText(weight: number | null, unit: string): string {
  if (weight === null || weight <= 0) return NOT_GIVEN
  return `${weight} ${unit} (${otherUnitLabel(weight, unit)})`
}

function ageText(age: number | null): string {
  if (age === null) return NOT_GIVEN
  if (age < 1) return 'Under 1 year'
  return age === 1 ? '1 year' : `${age} years`
}

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

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="report__field">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function ListValue({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <span className="muted">{NOT_GIVEN}</span>
  return (
    <ul className="report__list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  )
}

const text = (value: string) => value.trim() || <span className="muted">{NOT_GIVEN}</span>

/** /progress 'Review Report' (SPEC §2): the current cat's profile, daily plan and subscription. */
export function ProgressPage() {
  const { current, isLoading, error, refetch } = useCats()

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
  } else if (!current) {
    body = (
      <div className="notice report__empty">
        <h2>No cat profile yet</h2>
        <p>Tell us about your cat and we will put together a care plan and this report.</p>
        <Link className="btn btn--primary" to="/onboarding?step=1">
          Create your cat's profile
        </Link>
      </div>
    )
  } else {
    body = <CatReport cat={current} />
  }

  return (
    <section className="card card--wide report" aria-labelledby="report-title">
      <h1 id="report-title">Review Report</h1>
      <CatSwitcher />
      {body}
      {current && <CarePlanEditor />}
      {current && <CareCheckIns />}
      <SubscriptionSummary />
    </section>
  )
}

/** The day's food from the one nutrition rule (issue 23): the same numbers as the specialist's. */
function FoodChip({ cat }: { cat: Cat }) {
  const plan = nutritionPlan(cat)
  return (
    <li className="report__chip">
      <strong>{plan.kcalPerDay} kcal</strong>{' '}
      <span className="muted">
        of food: about {cupsText(plan.cupsPerDay)} of dry food ({plan.gramsPerDay} g)
      </span>
    </li>
  )
}

function CatReport({ cat }: { cat: Cat }) {
  const medical = [
    ['Medical conditions', cat.medical_conditions],
    ['Medications', cat.medications],
    ['Dietary restrictions', cat.dietary_restrictions],
    ['Medical history', cat.medical_history],
  ] as const
  return (
    <div className="stack">
      <h2 className="report__name">{catDisplayName(cat.name)}</h2>
      <ProgressReport cat={cat} />

      <section aria-labelledby="report-daily" className="report__section">
        <h3 id="report-daily">Daily suggestions</h3>
        {cat.food_bowls === null && cat.treats === null && cat.playtime === null ? (
          <p className="muted">No daily suggestions yet.</p>
        ) : (
          <ul className="report__daily">
            {cat.food_bowls !== null && <FoodChip cat={cat} />}
            {cat.treats !== null && (
              <li className="report__chip">
                <strong>
                  {cat.treats} {treatsLabel(cat.treats)}
                </strong>
              </li>
            )}
            {cat.playtime !== null && (
              <li className="report__chip">
                <strong>{cat.playtime} minutes</strong> <span className="muted">of playtime</span>
              </li>
            )}
          </ul>
        )}
      </section>

      <section aria-labelledby="report-profile" className="report__section">
        <h3 id="report-profile">Profile</h3>
        <dl className="report__fields">
          <Field label="Name">{text(cat.name)}</Field>
          <Field label="Breed">{text(cat.breed)}</Field>
          <Field label="Age">{ageText(cat.age)}</Field>
          <Field label="Weight">{weightText(cat.weight, cat.unit)}</Field>
          <Field label="Target weight">{weightText(cat.target_weight, cat.unit)}</Field>
          <Field label="Activity level">{text(cat.activity_level)}</Field>
          <Field label="Check-in frequency">{text(cat.check_in_period)}</Field>
        </dl>
      </section>

      <section aria-labelledby="report-plan" className="report__section">
        <h3 id="report-plan">Goals and challenges</h3>
        <dl className="report__fields">
          <Field label="Goals">
            <ListValue items={cat.goals} />
          </Field>
          <Field label="Progress wanted">
            <ListValue items={cat.required_progress} />
          </Field>
          <Field label="Barriers and issues">
            <ListValue items={cat.issues_faced} />
          </Field>
          <Field label="Training days">
            <ListValue items={cat.training_days} />
          </Field>
          <Field label="Items">
            <ListValue items={cat.items} />
          </Field>
        </dl>
      </section>

      <section aria-labelledby="report-medical" className="report__section">
        <h3 id="report-medical">Medical notes</h3>
        <dl className="report__fields">
          {medical.map(([label, value]) => (
            <Field key={label} label={label}>
              {text(value)}
            </Field>
          ))}
        </dl>
      </section>

      <div className="row report__actions">
        <Link className="btn btn--secondary" to="/cat-profile">
          Edit Profile
        </Link>
        <Link className="btn btn--primary" to="/cat-assistant">
          Chat with Expert
        </Link>
      </div>
    </div>
  )
}

function SubscriptionSummary() {
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
