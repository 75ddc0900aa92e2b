import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { guardRedirect } from '../../../shared/rules/guard.ts'
import { hasSubscription, hasUsableCatId, hasValidToken, readFlag } from '../storage.ts'

/** Applies the SPEC §2 navigation guard (shared/rules/guard.ts) from what the browser has stored. */
export function Guarded({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const target = guardRedirect(pathname.toLowerCase(), {
    subscribed: hasSubscription(),
    interviewCompleted: readFlag('interview_completed'),
    hasCat: hasUsableCatId(),
    signedIn: hasValidToken(),
  })
  return target ? <Navigate to={target} replace /> : children
}
