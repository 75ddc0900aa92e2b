import { type ReactNode, useMemo, useRef, useState } from 'react'
import { Navigate, useLocation } from 'react-router'
import { guardRedirect } from '../../../shared/rules/guard.ts'
import { useOwnerState } from '../hooks/useOwnerState.ts'
import { hasSubscription, hasUsableCatId, hasValidToken, readFlag } from '../storage.ts'

/**
 * Applies the docs/product.md §2 navigation guard (shared/rules/guard.ts) on arrival at a screen, once a
 * signed-in owner's state has been restored from the server (hooks/useOwnerState.ts). The decision is made
 * when the path changes, not on every storage write: a payment storing its subscription id must leave the
 * owner on the thank-you screen, not send them on.
 */
export function Guarded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const { signedIn, restored, reach } = useOwnerState()
  // Read when the decision is made, never a reason to decide again: a sign-out empties it mid-screen.
  const reachNow = useRef(reach)
  reachNow.current = reach
  // Open at once for a visitor, else once the restore is done. A later restore (the session the checkout
  // makes for a visitor) runs behind the open screen; a sign-out meanwhile leaves it to its own redirect.
  const [open, setOpen] = useState(!signedIn || restored)
  if (restored && !open) setOpen(true)
  const target = useMemo(
    () =>
      open
        ? guardRedirect(pathname.toLowerCase(), {
            // The owner's subscription covers a member's chat about the owner's cats (docs/household.md).
            subscribed: hasSubscription() || Boolean(reachNow.current?.chatCovered),
            interviewCompleted: readFlag('interview_completed'),
            hasCat: hasUsableCatId(),
            signedIn: hasValidToken(),
            mayChat: reachNow.current?.chat,
          })
        : null,
    [pathname, open],
  )
  if (!open) return <RestoringAccount />
  return target ? <Navigate to={target} replace /> : children
}

/**
 * docs/product.md §2: the guarded screens show a loading animation while the check
 * runs; it says what it waits for.
 */
function RestoringAccount() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="stack center">
        <div className="loading-paw" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
        <p className="muted">Loading your account…</p>
      </div>
    </div>
  )
}
