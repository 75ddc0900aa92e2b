import { type ReactNode, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { EXPERT_NAME } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { ACTIVATION_FEE_TEXT } from '../../../../shared/rules/pricing.ts'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { CarePlanEditor } from '../../features/care/index.ts'
import { CatSwitcher } from '../../features/household/index.ts'
import { useCancelSubscription } from '../../features/payment/index.ts'
import { useCats } from '../../hooks/useCats.ts'
import { useOwnerState } from '../../hooks/useOwnerState.ts'
import { errorMessage } from '../../trpc.ts'
import { AccountSettings } from '../account/AccountSettings.tsx'
import { ProfileDetailsForm } from './ProfileDetailsForm.tsx'
import { ProfileForm } from './ProfileForm.tsx'

/**
 * What cancelling does, beside the question of docs/product.md §2 (cancellation is immediate, see README).
 */
const CANCEL_EFFECT = `Your access to ${EXPERT_NAME} ends at once and nothing more is charged; the ${ACTIVATION_FEE_TEXT} trial fee and any payment already made are not refunded.`

/**
 * /cat-profile (docs/product.md §2 "Cat profile screen", §5): the chosen cat's name, breed and photo, then
 * its other answers (age, sex, weights, activity, medical notes, goals) and its check-in plan.
 */
export function CatProfilePage() {
  const { current, isLoading, error, refetch } = useCats()
  const { reach } = useOwnerState()
  // A sitter's cat is the owner's to describe and plan (docs/household.md): their profile is their account.
  const editable = current && current.role !== 'sitter' ? current : null

  let body: ReactNode
  if (isLoading) {
    body = (
      <p className="muted" role="status">
        Loading your cat's profile…
      </p>
    )
  } else if (error) {
    body = (
      <ErrorBox action={{ label: 'Try again', onClick: () => void refetch() }}>
        {errorMessage(error, DEFAULT_ERRORS.fetchCats)}
      </ErrorBox>
    )
  } else if (!current) {
    body = (
      <div className="notice">
        <p>{ERRORS.noCatFound}</p>
        <Link to="/onboarding?step=1">Tell us about your cat</Link>
      </div>
    )
  } else if (!editable) {
    body = (
      <p className="muted">
        {catDisplayName(current.name)}'s profile and plan are kept by {current.shared_by}.
      </p>
    )
  } else {
    body = <ProfileForm key={editable.id} cat={editable} />
  }

  return (
    <div className="profile">
      <section className="card card--wide profile__card" aria-labelledby="profile-title">
        <h1 id="profile-title">Edit Profile</h1>
        <CatSwitcher />
        {body}
      </section>
      {editable && (
        <section className="card card--wide profile__card">
          <ProfileDetailsForm key={editable.id} cat={editable} />
        </section>
      )}
      {/* Billing is the owner's own: an account whose only cats are shared with it has none. */}
      {reach?.own && <CancelSubscription />}
      {editable && <CarePlanEditor catId={editable.id} card />}
      <AccountSettings />
    </div>
  )
}

/**
 * 'CANCEL SUBSCRIPTION' and its confirmation (docs/product.md §2); the cancelling
 * itself is the billing module's.
 */
function CancelSubscription() {
  const cancelSubscription = useCancelSubscription()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const opener = useRef<HTMLButtonElement>(null)

  function close() {
    if (busy) return
    setOpen(false)
    setError(null)
    opener.current?.focus()
  }

  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      await cancelSubscription()
      navigate('/paywall', { state: { cancelled: true } })
    } catch (failure) {
      console.error('Cancelling the subscription failed', failure)
      setError(failure instanceof Error && failure.message ? failure.message : DEFAULT_ERRORS.cancelPlan)
      setBusy(false)
    }
  }

  return (
    <>
      <div className="profile__cancel">
        <button ref={opener} type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
          CANCEL SUBSCRIPTION
        </button>
      </div>
      {open && (
        <ConfirmDialog
          title="Cancel Subscription?"
          error={error}
          busy={busy}
          confirmLabel="Yes, Cancel"
          busyLabel="Cancelling..."
          cancelLabel="Keep Subscription"
          onConfirm={() => void confirm()}
          onCancel={close}
          note={CANCEL_EFFECT}
        >
          Are you sure you want to cancel your subscription? We'll miss you!
        </ConfirmDialog>
      )}
    </>
  )
}
