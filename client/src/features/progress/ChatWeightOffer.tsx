// The chat's offer to log a weight: when the owner's latest message reports a weight ("she's
// 9.2 lbs today") and the specialist has answered it, a confirm button in the thread logs it with
// source 'chat'. Nothing is logged until the owner presses it. The offer is about the cat the message
// was about (the switcher may have moved on since), and it is answered for good once that cat's log
// holds the weight.
import { useState } from 'react'
import { Link } from 'react-router'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { otherUnitLabel, unitLabel } from '../../../../shared/rules/weight.ts'
import { mentionAlreadyLogged, weightMention } from '../../../../shared/rules/weight-mention.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'
import './progress.css'

interface ThreadMessage {
  id: string
  role: 'user' | 'assistant'
  content: string
  timestamp?: string
  status?: string
  catId?: number
}

/** The owner's last message, when it reports a weight and its reply has fully arrived. */
function pendingOffer(messages: readonly ThreadMessage[]) {
  const reply = messages.at(-1)
  const asked = messages.at(-2)
  if (!reply || !asked || reply.role !== 'assistant' || asked.role !== 'user' || reply.status === 'streaming')
    return null
  const mention = weightMention(asked.content)
  return mention ? { messageId: asked.id, sentAt: asked.timestamp, catId: asked.catId, ...mention } : null
}

export interface ChatWeightOfferProps {
  messages: readonly ThreadMessage[]
  /** The owner's cats, to name the cat a message was about. */
  cats: ReadonlyArray<{ id: number; name: string }>
  /** The chat's cat: for a message that names none (sent before messages carried their cat). */
  chatCat: { id: number; name: string } | null
}

export function ChatWeightOffer({ messages, cats, chatCat }: ChatWeightOfferProps) {
  const offer = pendingOffer(messages)
  const cat = (offer?.catId ? cats.find((c) => c.id === offer.catId) : undefined) ?? chatCat
  const catId = cat?.id ?? 0
  const [answered, setAnswered] = useState<Record<string, 'logged' | 'dismissed'>>({})
  const utils = trpc.useUtils()
  const log = trpc.progress.logWeight.useMutation({
    onSuccess: () =>
      Promise.all([
        utils.progress.weights.invalidate({ cat_id: catId }),
        utils.progress.overview.invalidate({ cat_id: catId }),
        utils.cat.list.invalidate(),
      ]),
  })
  const logged = trpc.progress.weights.useQuery({ cat_id: catId }, { enabled: Boolean(offer) && catId > 0 })
  if (!offer || !cat) return null
  const state = answered[offer.messageId]
  if (state === 'dismissed') return null
  const amount = `${offer.weight} ${unitLabel(offer.unit)} (${otherUnitLabel(offer.weight, offer.unit)})`
  const name = catDisplayName(cat.name)

  if (state === 'logged') {
    return (
      <p className="notice chat-weight-offer" role="status">
        Logged {amount} in {name}'s weight log. <Link to="/care/progress">See the progress</Link>
      </p>
    )
  }
  // Until the log is read, nothing is offered: it may already hold this weight.
  if (!logged.data || mentionAlreadyLogged(offer, offer.sentAt, logged.data)) return null
  const confirm = () =>
    log.mutate(
      { weight: offer.weight, unit: offer.unit, source: 'chat', cat_id: cat.id },
      { onSuccess: () => setAnswered((all) => ({ ...all, [offer.messageId]: 'logged' })) },
    )
  return (
    <fieldset className="notice chat-weight-offer">
      <legend className="sr-only">Log this weight</legend>
      <p>
        Add {amount} to {name}'s weight log for today?
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
