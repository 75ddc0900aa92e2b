// Tells the server the browser's time zone once per signed-in owner and zone, so reminders fall at the
// owner's own 09:00 (sent when the owner signs in or finishes the quiz; UTC when never sent).
import { useEffect } from 'react'
import { useStoredText, writeText } from './storage.ts'
import { trpc } from './trpc.ts'

export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null
  } catch {
    return null
  }
}

/** Renders nothing; mounted once inside the data providers. */
export function SendTimeZone() {
  const token = useStoredText('token')
  const email = useStoredText('email')
  const sent = useStoredText('timezoneSent')
  const { mutate } = trpc.care.timezone.useMutation()
  useEffect(() => {
    const zone = browserTimeZone()
    const key = `${email}|${zone}`
    if (!token || !zone || sent === key) return
    mutate({ timezone: zone }, { onSuccess: () => writeText('timezoneSent', key) })
  }, [token, email, sent, mutate])
  return null
}
