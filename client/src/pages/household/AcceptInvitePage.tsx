// /household/accept?token=… (docs/household.md): the link an invitation mails. Signed out, the normal
// sign-in (by code) comes first and brings the invitee back here; then Accept shows the cats now shared
// and leads to them. A link that is not theirs, used or expired is the same 404, said in plain words.
import type { ReactNode } from 'react'
import { useState } from 'react'
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { decodeTokenPayload } from '../../session.ts'
import { hasValidToken, readText, writeText } from '../../storage.ts'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { loginPathReturningTo } from '../login/return-path.ts'

export function AcceptInvitePage() {
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const utils = trpc.useUtils()
  const accept = trpc.household.accept.useMutation({ onSuccess: () => utils.cat.list.invalidate() })
  const [signedIn] = useState(hasValidToken)
  if (!signedIn) return <Navigate to={loginPathReturningTo(`${pathname}${search}`)} replace />
  const address = decodeTokenPayload(readText('token'))?.email

  function openCat(id: number) {
    // The shared cat becomes the chosen one on every screen.
    writeText('catId', String(id))
    navigate('/care')
  }

  let body: ReactNode
  if (accept.data) {
    const { cats, role, shared_by: owner } = accept.data
    body = (
      <div className="stack">
        <p role="status">
          {owner} now shares {cats.length === 1 ? 'this cat' : 'these cats'} with you as{' '}
          {role === 'sitter' ? 'a sitter' : 'family'}:
        </p>
        <ul className="household-members">
          {cats.map((cat) => (
            <li key={cat.id} className="household-members__item">
              <strong>{catDisplayName(cat.name)}</strong>
              <button type="button" className="btn btn--primary" onClick={() => openCat(cat.id)}>
                Go to {catDisplayName(cat.name)}
              </button>
            </li>
          ))}
        </ul>
      </div>
    )
  } else {
    const notFound = accept.error && ['NOT_FOUND', 'INVALID_INPUT'].includes(errorCode(accept.error) ?? '')
    body = (
      <div className="stack">
        <p>
          Someone shares their cat's care with you{address ? ` (${address})` : ''}. Accept to see the cat and
          help look after it.
        </p>
        {accept.error && (
          <ErrorBox>
            {notFound
              ? `This link is not valid for ${address ?? 'the address you signed in with'}, or it has expired or been used already. Check that you signed in with the address the invitation was sent to, or ask for a new invitation.`
              : errorMessage(accept.error, 'The invitation could not be accepted. Please try again.')}
          </ErrorBox>
        )}
        <button
          type="button"
          className="btn btn--primary"
          disabled={accept.isPending || token === ''}
          onClick={() => accept.mutate({ token })}
        >
          {accept.isPending ? 'Accepting…' : 'Accept the invitation'}
        </button>
      </div>
    )
  }
  return (
    <section className="card report" aria-labelledby="accept-title">
      <h1 id="accept-title">Join a household</h1>
      {body}
    </section>
  )
}
