// Shown on the owner's first screen after they first proved their address: what the account held before
// (someone may have signed the address up first, or the owner did from another browser). Links and push
// subscriptions made then are already revoked; the rest the owner keeps or deletes in one step.
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
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
  const notice = state.data?.heldBeforeProof
  if (!notice) return null
  const items = held(notice)

  async function decide(action: 'keep' | 'delete') {
    setError('')
    try {
      await review.mutateAsync({ action })
      await queryClient.invalidateQueries()
    } catch (failure) {
      setError(errorMessage(failure, 'That did not work; please try again.'))
    }
  }

  return (
    <section className="notice stack" role="alertdialog" aria-labelledby="held-before-proof-title">
      <h2 id="held-before-proof-title">Before you confirmed your e-mail address</h2>
      <p>
        This account existed before you confirmed your address with a code. If you did not make these
        yourself, someone else may have: delete them.
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
          className="button"
          disabled={review.isPending}
          onClick={() => void decide('delete')}
        >
          Delete all of it
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={review.isPending}
          onClick={() => void decide('keep')}
        >
          They are mine: keep them
        </button>
      </div>
    </section>
  )
}
