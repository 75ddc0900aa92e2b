// The chat's offer to log a weight (issue 22): when the owner's latest message reports a weight ("she's
// 9.2 lbs today") and the specialist has answered it, a confirm button in the thread logs it with
// source 'chat'. Nothing is logged until the owner presses it.
import { useState } from 'react'
import { Link } from 'react-router'
import { otherUnitLabel } from '../../../../shared/rules/weight.ts'
import { weightMention } from '../../../../shared/rules/weight-mention.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { readText } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'
import './progress.css'

interface ThreadMessage {
  id: string
  role: 'user' | 'assistant'
  content: string
  status?: string
}

/** The owner's last message, when it reports a weight and its reply has fully arrived. */
function pendingOffer(messages: readonly ThreadMessage[]) {
  const reply = messages.at(-1)
  const asked = messages.at(-2)
  if (!reply || !asked || reply.role !== 'assistant' || asked.role !== 'user' || reply.status === 'streaming')
    return null
  const mention = weightMention(asked.content)
  return mention ? { messageId: asked.id, ...mention } : null
}

export function ChatWeightOffer({
  messages,
  catName,
}: {
  messages: readonly ThreadMessage[]
  catName: string | null
}) {
  const offer = pendingOffer(messages)
  const [answered, setAnswered] = useState<Record<string, 'logged' | 'dismissed'>>({})
  const log = trpc.progress.logWeight.useMutation()
  if (!offer) return null
  const state = answered[offer.messageId]
  if (state === 'dismissed') return null
  const unitWord = offer.unit === 'Kg' ? 'kg' : 'lb'
  const amount = `${offer.weight} ${unitWord} (${otherUnitLabel(offer.weight, offer.unit)})`
  const catId = Number(readText('catId'))

  if (state === 'logged') {
    return (
      <p className="notice chat-weight-offer" role="status">
        Logged {amount} in {catName || 'your cat'}'s weight log. <Link to="/progress">See the progress</Link>
      </p>
    )
  }
  const confirm = () =>
    log.mutate(
      { weight: offer.weight, unit: offer.unit, source: 'chat', ...(catId > 0 ? { cat_id: catId } : {}) },
      { onSuccess: () => setAnswered((all) => ({ ...all, [offer.messageId]: 'logged' })) },
    )
  return (
    <fieldset className="notice chat-weight-offer">
      <legend className="sr-only">Log this weight</legend>
      <p>
        Add {amount} to {catName || 'your cat'}'s weight log for today?
      </p>
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={confirm} disabled={log.isPending}>
          {log.isPending ? 'Logging…' : 'Log it'}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => setAnswered((all) => ({ ...all, [offer.messageId]: 'dismissed' }))}
        >
          No thanks
        </button>
      </div>
      {log.error && (
        <ErrorBox>{errorMessage(log.error, 'The weight could not be logged. Please try again.')}</ErrorBox>
      )}
    </fieldset>
  )
}
