// /ops/safety: the safety scoreboard for the team (docs/follow-ups.md). The server decides who is an
// operator (OPERATOR_EMAILS); to anyone else the data is a 404 and this page is the Not found page. A
// "routine, then vet" row links its conversation only when the owner agreed to a review; the link opens
// it read-only below the scoreboard (?conversation=<id>).
import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { NotFoundPage } from '../not-found/NotFoundPage.tsx'
import { ReviewedConversation } from './ReviewedConversation.tsx'
import { SecondReaderSection } from './SecondReaderSection.tsx'
import './ops.css'

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 1000) / 10}%`)

export function OpsSafetyPage() {
  const [params, setParams] = useSearchParams()
  const from = params.get('from') ?? undefined
  const to = params.get('to') ?? undefined
  const conversation = Number(params.get('conversation')) || null
  const board = trpc.ops.safety.useQuery({ from, to }, { retry: false })
  const [range, setRange] = useState({ from: from ?? '', to: to ?? '' })

  if (board.error && errorCode(board.error) === 'NOT_FOUND') return <NotFoundPage />
  function apply(event: FormEvent) {
    event.preventDefault()
    const next = new URLSearchParams()
    if (range.from) next.set('from', range.from)
    if (range.to) next.set('to', range.to)
    setParams(next)
  }
  const linkTo = (id: number) => {
    const next = new URLSearchParams(params)
    next.set('conversation', String(id))
    return `/ops/safety?${next.toString()}`
  }
  const data = board.data
  return (
    <section className="card card--wide ops" aria-labelledby="ops-title">
      <h1 id="ops-title">Safety scoreboard</h1>
      <form className="ops__range" onSubmit={apply}>
        <label>
          From{' '}
          <input
            type="date"
            value={range.from}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </label>
        <label>
          To{' '}
          <input type="date" value={range.to} onChange={(e) => setRange({ ...range, to: e.target.value })} />
        </label>
        <button type="submit" className="btn btn--secondary">
          Show
        </button>
        {!from && !to && <span className="muted">The last 30 days</span>}
      </form>
      {board.isLoading && (
        <p className="muted" role="status">
          Loading…
        </p>
      )}
      {board.error && (
        <ErrorBox action={{ label: 'Retry', onClick: () => void board.refetch() }}>
          {errorMessage(board.error, 'Could not load the scoreboard')}
        </ErrorBox>
      )}
      {data && (
        <div className="stack">
          <section aria-labelledby="ops-seen-title">
            <h2 id="ops-seen-title">Seen by a vet within 24 h</h2>
            <p className="ops__figure" data-testid="seen-within-24h">
              <strong>{percent(data.seen_vet_within_24h.share)}</strong>{' '}
              <span className="muted">
                ({data.seen_vet_within_24h.seen} of {data.seen_vet_within_24h.escalations} escalations
                followed up)
              </span>
            </p>
          </section>
          <section aria-labelledby="ops-escalations-title">
            <h2 id="ops-escalations-title">Escalations</h2>
            <table className="ops__table">
              <thead>
                <tr>
                  <th scope="col">Sign</th>
                  <th scope="col">Level</th>
                  <th scope="col">Count</th>
                </tr>
              </thead>
              <tbody>
                {data.escalations.map((e) => (
                  <tr key={`${e.sign}-${e.urgency}`}>
                    <td>{e.sign}</td>
                    <td>{e.urgency}</td>
                    <td>{e.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.escalations.length === 0 && <p className="muted">None in this period.</p>}
          </section>
          <section aria-labelledby="ops-follow-ups-title">
            <h2 id="ops-follow-ups-title">Follow-ups</h2>
            <dl className="ops__counts">
              <dt>Sent</dt>
              <dd>{data.follow_ups.sent}</dd>
              <dt>Answered</dt>
              <dd>{data.follow_ups.answered}</dd>
              <dt>Seen a vet</dt>
              <dd>{data.follow_ups.seen_vet}</dd>
              <dt>Not yet: cost</dt>
              <dd>{data.follow_ups.not_yet.cost}</dd>
              <dt>Not yet: closed</dt>
              <dd>{data.follow_ups.not_yet.closed}</dd>
              <dt>Not yet: better now</dt>
              <dd>{data.follow_ups.not_yet.better}</dd>
              <dt>Not yet: other</dt>
              <dd>{data.follow_ups.not_yet.other}</dd>
            </dl>
          </section>
          <section aria-labelledby="ops-routine-title">
            <h2 id="ops-routine-title">Routine, then vet ({data.routine_then_vet.length})</h2>
            {data.routine_then_vet.length === 0 ? (
              <p className="muted">None in this period.</p>
            ) : (
              <table className="ops__table">
                <thead>
                  <tr>
                    <th scope="col">Routine reply</th>
                    <th scope="col">What the vet found</th>
                    <th scope="col">Conversation</th>
                  </tr>
                </thead>
                <tbody>
                  {data.routine_then_vet.map((row) => (
                    <tr key={row.message_id}>
                      <td>#{row.message_id}</td>
                      <td>{row.finding ?? <span className="muted">—</span>}</td>
                      <td>
                        {row.conversation_id ? (
                          <Link to={linkTo(row.conversation_id)}>Review</Link>
                        ) : (
                          <span className="muted">No consent</span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <SecondReaderSection data={data.second_reader} linkTo={linkTo} />
          {conversation && <ReviewedConversation id={conversation} />}
        </div>
      )}
    </section>
  )
}
