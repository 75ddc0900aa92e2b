// "Download for my vet" and the share link. The PDF comes from GET /api/care/report.pdf with
// the bearer token (a link cannot send it), saved as a file; a share link opens it with no session. A new
// link can be copied in one press; the live links are listed (dates only: the server keeps no token) and
// each can be revoked on its own.
import { useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { currentToken } from '../../session.ts'
import { errorMessage, trpc } from '../../trpc.ts'

async function downloadReport(catId: number): Promise<void> {
  const token = await currentToken()
  const res = await fetch(`/api/care/report.pdf?cat_id=${catId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null
    throw new Error(body?.error ?? 'The report could not be made. Please try again.')
  }
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = 'kitty-care-vet-report.pdf'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' })

export function VetReport({ catId }: { catId: number }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  const [problem, setProblem] = useState<string | null>(null)
  const utils = trpc.useUtils()
  const refreshLinks = () => utils.progress.shareLinks.invalidate({ cat_id: catId })
  const live = trpc.progress.shareLinks.useQuery({ cat_id: catId })
  const share = trpc.progress.shareReport.useMutation({
    onSuccess: () => {
      setCopied(null)
      return refreshLinks()
    },
  })
  const revoke = trpc.progress.revokeShares.useMutation({
    onSuccess: () => {
      share.reset()
      return refreshLinks()
    },
  })
  const revokeOne = trpc.progress.revokeShare.useMutation({ onSettled: refreshLinks })
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null)
  const link = share.data ? new URL(share.data.url, window.location.origin).href : null

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('yes')
    } catch {
      // No clipboard (an insecure page, a refused permission): the field stays selected to copy by hand.
      setCopied('no')
    }
  }

  const download = async () => {
    setProblem(null)
    setState('busy')
    try {
      await downloadReport(catId)
      setState('done')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      setState('idle')
    }
  }

  return (
    <section aria-labelledby="report-vet" className="report__section stack">
      <h3 id="report-vet">For your vet</h3>
      <p className="muted">
        A PDF with the profile, medical notes, the weight chart and table, the last 30 days' check-ins and any
        urgent concerns raised in the chat.
      </p>
      <div className="row report__actions">
        <button
          type="button"
          className="btn btn--primary"
          onClick={() => void download()}
          disabled={state === 'busy'}
        >
          {state === 'busy' ? 'Preparing the report…' : 'Download for my vet'}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={() => share.mutate({ cat_id: catId })}
          disabled={share.isPending}
        >
          Create a share link
        </button>
      </div>
      <p role="status" className="muted progress-status">
        {state === 'done' ? 'Report downloaded.' : ''}
      </p>
      {problem && <ErrorBox>{problem}</ErrorBox>}
      {share.error && (
        <ErrorBox>{errorMessage(share.error, 'The link could not be made. Please try again.')}</ErrorBox>
      )}
      {link && share.data && (
        <div className="notice stack">
          <label htmlFor="report-share-link">
            Anyone with this link can open the report until {dateText(share.data.expires_at)}:
          </label>
          <div className="row report-share__copy">
            <input
              id="report-share-link"
              className="input"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
            />
            <button type="button" className="btn btn--secondary" onClick={() => void copy(link)}>
              Copy link
            </button>
          </div>
          <p role="status" className="muted">
            {copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Select the link and copy it.' : ''}
          </p>
        </div>
      )}
      {live.data && live.data.length > 0 && (
        <div className="stack">
          <h4 id="report-live-links">Live share links</h4>
          <ul className="report-share__list" aria-labelledby="report-live-links">
            {live.data.map((item) => (
              <li key={item.id} className="row report-share__item">
                <span>
                  Made {dateText(item.created_at)} by {item.created_by}, works until{' '}
                  {dateText(item.expires_at)}
                </span>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={revokeOne.isPending && revokeOne.variables?.id === item.id}
                  onClick={() => revokeOne.mutate({ id: item.id })}
                >
                  Revoke<span className="sr-only"> the link made {dateText(item.created_at)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => revoke.mutate()}
          disabled={revoke.isPending}
        >
          Stop all share links
        </button>
        <span role="status" className="muted">
          {revoke.isSuccess ? ' Every share link now stops working.' : ''}
        </span>
      </div>
    </section>
  )
}
