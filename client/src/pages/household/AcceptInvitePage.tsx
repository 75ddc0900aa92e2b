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

/** 'Mochi', 'Mochi and Luna', 'Mochi, Luna and Pip'. */
function listOfNames(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

export function AcceptInvitePage() {
  const { pathname, search } = useLocation()
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const navigate = useNavigate()
  const utils = trpc.useUtils()
  const accept = trpc.household.accept.useMutation({ onSuccess: () => utils.cat.list.invalidate() })
  const [signedIn] = useState(hasValidToken)
  // Who shares which cats, said before Accept (the same 404 as Accept's for a link that is not theirs).
  const preview = trpc.household.invitation.useQuery(
    { token },
    { enabled: signedIn && token !== '' && !accept.data, retry: false },
  )
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
    const failure = accept.error ?? preview.error
    const notFound = failure && ['NOT_FOUND', 'INVALID_INPUT'].includes(errorCode(failure) ?? '')
    const offer = preview.data
    const names = offer ? listOfNames(offer.cats.map((cat) => catDisplayName(cat.name))) : ''
    body = (
      <div className="stack">
        {offer ? (
          <p>
            {offer.owner} shares {offer.all_cats ? `all their cats (${names})` : names} with you as{' '}
            {offer.role === 'sitter' ? 'a sitter' : 'family'}. Accept to see{' '}
            {offer.cats.length === 1 ? 'the cat' : 'the cats'} and help look after{' '}
            {offer.cats.length === 1 ? 'it' : 'them'}.
          </p>
        ) : (
          !failure && (
            <p className="muted" role="status">
              Loading the invitation…
            </p>
          )
        )}
        {failure && (
          <ErrorBox>
            {notFound
              ? `This link is not valid for ${address ?? 'the address you signed in with'}, or it has expired or been used already. Check that you signed in with the address the invitation was sent to, or ask for a new invitation.`
              : errorMessage(failure, 'The invitation could not be accepted. Please try again.')}
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
