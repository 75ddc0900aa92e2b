// Shown on the owner's first screen after they first proved their address from another browser than the
// one that signed it up: what the account held before (someone may have signed the address up first, or
// the owner did, elsewhere). Links and push subscriptions made then are already revoked; the rest the
// owner keeps (the safe choice, primary) or deletes after a confirmation that names what goes and what
// stays (the subscription is not touched).
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

function held(notice: {
  cats: { name: string }[]
  conversations: number
  interviews: number
  name: string
}): string[] {
  return [
    ...notice.cats.map((cat) => `the cat profile “${cat.name || 'unnamed'}”`),
    ...(notice.conversations ? [`${notice.conversations} conversation(s) with the specialist`] : []),
    ...(notice.interviews ? [`${notice.interviews} interview(s)`] : []),
    ...(notice.name ? [`the name “${notice.name}”`] : []),
  ]
}

export function HeldBeforeProofNotice() {
  const state = trpc.account.state.useQuery(undefined, { staleTime: 0 })
  const review = trpc.account.reviewHeldBeforeProof.useMutation()
  const queryClient = useQueryClient()
  const [error, setError] = useState('')
  const [confirming, setConfirming] = useState(false)
  const notice = state.data?.heldBeforeProof
  if (!notice) return null
  const items = held(notice)

  async function decide(action: 'keep' | 'delete') {
    setError('')
    try {
      await review.mutateAsync({ action })
      setConfirming(false)
      await queryClient.invalidateQueries()
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work; please try again.'))
    }
  }

  return (
    <section className="notice stack" role="alertdialog" aria-labelledby="held-before-proof-title">
      <h2 id="held-before-proof-title">Before you confirmed your e-mail address</h2>
      <p>
        These were made before you confirmed your address with a code, from another browser. If you made them,
        keep them. If you did not, someone else may have signed your address up: delete them.
      </p>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      {(notice.share_links_revoked > 0 ||
        notice.calendar_feeds_revoked > 0 ||
        notice.push_subscriptions_removed > 0) && (
        <p className="muted">
          Report links ({notice.share_links_revoked}), calendar feeds ({notice.calendar_feeds_revoked}) and
          notification devices ({notice.push_subscriptions_removed}) added before then no longer work.
        </p>
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="row">
        <button
          type="button"
          className="btn btn--primary"
          disabled={review.isPending}
          onClick={() => void decide('keep')}
        >
          They are mine: keep them
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={review.isPending}
          onClick={() => setConfirming(true)}
        >
          Delete them…
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete what was made before you confirmed?"
          busy={review.isPending}
          error={error || null}
          confirmLabel="Yes, delete these"
          busyLabel="Deleting…"
          cancelLabel="Keep them"
          onConfirm={() => void decide('delete')}
          onCancel={() => setConfirming(false)}
          note="Your subscription, payments and anything made since you confirmed stay as they are."
        >
          This deletes {items.join(', ')}. It cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  )
}
