// The three answers to a follow-up after an urgent answer (docs/follow-ups.md), under its message in the
// chat ("Did Milo see a vet?", message id `follow-up-<id>`), or opened from the e-mail's links
// (/cat-assistant?follow_up=<id>&seen_vet=…), which send their answer on arrival: one click from the mail.
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  NOT_YET_REASONS,
  type NotYetReason,
  SEEN_VET_ANSWERS,
  type SeenVet,
} from '../../../../shared/schemas/follow-ups.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

interface ThreadMessage {
  id: string
  role: 'user' | 'assistant'
}

const FOLLOW_UP_ID = /^follow-up-(\d{1,9})$/

const REASON_LABELS: Record<NotYetReason, string> = {
  cost: 'The cost',
  closed: 'My vet is closed',
  better: 'He or she seems better',
  other: 'Something else',
}

/** The follow-up the thread's latest message asks, when it is one. */
export function followUpIdOf(messages: readonly ThreadMessage[]): number | null {
  const last = messages.at(-1)
  const match = last?.role === 'assistant' ? FOLLOW_UP_ID.exec(last.id) : null
  return match ? Number(match[1]) : null
}

/** The answer an e-mail link carries, when it is a well-formed one. */
export function linkedAnswer(params: URLSearchParams): { id: number; seenVet: SeenVet } | null {
  const id = params.get('follow_up')
  const seenVet = params.get('seen_vet')
  if (!id || !/^\d{1,9}$/.test(id)) return null
  if (!seenVet || !(SEEN_VET_ANSWERS as readonly string[]).includes(seenVet)) return null
  return { id: Number(id), seenVet: seenVet as SeenVet }
}

export function FollowUpAnswers({
  messages,
  catName,
}: {
  messages: readonly ThreadMessage[]
  catName: string | null
}) {
  const [params] = useSearchParams()
  const linked = linkedAnswer(params)
  const id = linked?.id ?? followUpIdOf(messages)
  if (id === null) return null
  return <Answers key={id} id={id} linked={linked?.seenVet ?? null} catName={catName || 'your cat'} />
}

function Answers({ id, linked, catName }: { id: number; linked: SeenVet | null; catName: string }) {
  const utils = trpc.useUtils()
  const answer = trpc.followUp.answer.useMutation({ onSuccess: () => void utils.followUp.list.invalidate() })
  // The current cat's follow-ups: one answered already (elsewhere, or before a reload) asks nothing more.
  const known = trpc.followUp.list.useQuery({}, { retry: false })
  const answeredBefore = known.data?.some((f) => f.id === id && f.status === 'answered') ?? false
  const [choice, setChoice] = useState<SeenVet | null>(null)
  const [finding, setFinding] = useState('')
  const [reason, setReason] = useState<NotYetReason>('other')
  const sentLinked = useRef(false)

  const send = (seenVet: SeenVet) =>
    answer.mutate({
      id,
      seen_vet: seenVet,
      ...(seenVet === 'yes' && finding.trim() ? { finding: finding.trim() } : {}),
      ...(seenVet === 'not_yet' ? { reason } : {}),
    })

  // The e-mail's link is the owner's click: its answer is sent once, on arrival.
  useEffect(() => {
    if (!linked || sentLinked.current) return
    sentLinked.current = true
    answer.mutate({ id, seen_vet: linked })
  }, [linked, id, answer])

  if (answer.data) {
    return (
      <div className="notice follow-up" role="status">
        <p>Thank you for telling me.</p>
        {answer.data.reply?.split('\n\n').map((paragraph) => (
          <p key={paragraph}>{paragraph.replaceAll('**', '')}</p>
        ))}
      </div>
    )
  }
  if (answeredBefore && !linked) return null
  return (
    <fieldset className="notice follow-up">
      <legend className="sr-only">Did {catName} see a vet?</legend>
      <div className="row">
        <button type="button" className="btn btn--primary" onClick={() => setChoice('yes')}>
          Yes, we saw a vet
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => setChoice('not_yet')}>
          Not yet
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => send('not_needed')}
          disabled={answer.isPending}
        >
          It was not needed
        </button>
      </div>
      {choice === 'yes' && (
        <div className="follow-up__more">
          <label htmlFor={`follow-up-finding-${id}`}>What did the vet say? (optional)</label>
          <textarea
            id={`follow-up-finding-${id}`}
            value={finding}
            maxLength={2000}
            onChange={(event) => setFinding(event.target.value)}
          />
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => send('yes')}
            disabled={answer.isPending}
          >
            Send
          </button>
        </div>
      )}
      {choice === 'not_yet' && (
        <div className="follow-up__more">
          <p id={`follow-up-reason-${id}`}>What is in the way?</p>
          <div role="radiogroup" aria-labelledby={`follow-up-reason-${id}`}>
            {NOT_YET_REASONS.map((key) => (
              <label key={key} className="row">
                <input
                  type="radio"
                  name={`follow-up-reason-${id}`}
                  value={key}
                  checked={reason === key}
                  onChange={() => setReason(key)}
                />
                {REASON_LABELS[key]}
              </label>
            ))}
          </div>
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => send('not_yet')}
            disabled={answer.isPending}
          >
            Send
          </button>
        </div>
      )}
      {answer.error && (
        <ErrorBox>{errorMessage(answer.error, 'The answer could not be sent. Please try again.')}</ErrorBox>
      )}
    </fieldset>
  )
}
