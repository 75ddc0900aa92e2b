// The Logout button's action. It asks the server through the tRPC client, so it sits above the data
// layer: session.ts stays below client/src/trpc.ts, whose links read the session.
import { useCallback } from 'react'
import { useSignOut } from '../session.ts'
import { readText } from '../storage.ts'
import { trpc } from '../trpc.ts'

/**
 * The Logout button: the server ends the session first (a copied token stops working at once), then
 * the browser forgets everything. A failed call still signs this browser out.
 */
export function useLogout() {
  const signOut = useSignOut()
  const { mutateAsync: endSession } = trpc.auth.logout.useMutation()
  return useCallback(async () => {
    if (readText('token'))
      await endSession().catch((error: unknown) => console.warn('Logging out on the server failed', error))
    signOut('/login')
  }, [endSession, signOut])
}
