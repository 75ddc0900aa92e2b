import { useQueryClient } from '@tanstack/react-query'
import { useNavigate, useSearchParams } from 'react-router'
import { signInDestination } from '../../../../shared/rules/wizard.ts'
import { useRestoreOwnerState } from '../../hooks/useOwnerState.ts'
import { storeSession } from '../../session.ts'
import { hasUsableCatId, readText } from '../../storage.ts'
import { returnPath } from './return-path.ts'

/**
 * The end of a sign-in (either way in): the new session stored, the owner's state restored from the
 * server, then the route. `forgot`: the owner came for a new password (the profile's Password section).
 */
export function useFinishSignIn(
  forgot: boolean,
): (session: Parameters<typeof storeSession>[0]) => Promise<void> {
  const navigate = useNavigate()
  // A page that sent the visitor here to sign in first (an invitation's link) gets them back.
  const [params] = useSearchParams()
  const back = returnPath(params.get('next'))
  const queryClient = useQueryClient()
  const restoreOwnerState = useRestoreOwnerState()
  return async (session) => {
    // Nothing cached for a previous session may show in this one.
    queryClient.clear()
    storeSession(session)
    // The server decides where a returning owner belongs: their state first, then the route (a member
    // whose only cats are shared with them goes to those cats' Care, docs/household.md).
    const state = await restoreOwnerState()
    const sharedOnly = state?.household.sharedOnly ?? false
    const destination = forgot
      ? '/cat-profile#password'
      : (back ?? signInDestination(hasUsableCatId(), readText('currentStep'), sharedOnly))
    navigate(destination, { replace: true })
  }
}
