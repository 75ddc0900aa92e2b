import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { signInDestination } from '../../../../shared/rules/wizard.ts'
import { useRestoreOwnerState } from '../../hooks/useOwnerState.ts'
import { storeSession } from '../../session.ts'
import { hasUsableCatId, readText } from '../../storage.ts'

/**
 * The end of a sign-in (either way in): the new session stored, the owner's state restored from the
 * server, then the route. `forgot`: the owner came for a new password (the profile's Password section).
 */
export function useFinishSignIn(
  forgot: boolean,
): (session: Parameters<typeof storeSession>[0]) => Promise<void> {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const restoreOwnerState = useRestoreOwnerState()
  return async (session) => {
    // Nothing cached for a previous session may show in this one.
    queryClient.clear()
    storeSession(session)
    // The server decides where a returning owner belongs: their state first, then the route.
    await restoreOwnerState()
    const destination = forgot
      ? '/cat-profile#password'
      : signInDestination(hasUsableCatId(), readText('currentStep'))
    navigate(destination, { replace: true })
  }
}
