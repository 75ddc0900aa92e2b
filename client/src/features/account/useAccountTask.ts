import { useState } from 'react'
import { useSignOut } from '../../session.ts'
import { errorMessage } from '../../trpc.ts'

/**
 * One account control's request: its buttons are off while it runs, and a failure shows the server's
 * message (or the fallback) until the next try. A task that ends the session signs the owner out to
 * /login and leaves the buttons off, since the page is going away.
 */
export function useAccountTask() {
  const signOut = useSignOut()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run(task: () => Promise<unknown>, fallback: string, then?: 'sign-out'): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      await task()
      if (then === 'sign-out') {
        signOut('/login')
        return
      }
    } catch (failure) {
      setError(errorMessage(failure, fallback))
    }
    setBusy(false)
  }

  return { busy, error, run }
}
