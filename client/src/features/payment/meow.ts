// The meow of the thank-you screen (docs/product.md §4: played when the owner first becomes subscribed), and
// the once-ever decision of the thank-you itself.
import { useEffect, useRef, useState } from 'react'
import { hasValidToken, useStoredText } from '../../storage.ts'
import { trpc } from '../../trpc.ts'

export const MEOW_URL = '/sounds/meow.wav'

/** Plays the meow once; a browser that refuses to play sound (autoplay rules) is logged, nothing more. */
export function playMeow(): void {
  try {
    const audio = new Audio(MEOW_URL)
    audio.volume = 0.6
    audio.dataset.sound = 'meow'
    void audio.play().catch((error: unknown) => console.warn('The meow could not be played', error))
    window.dispatchEvent(new CustomEvent('kitty-sound', { detail: 'meow' }))
  } catch (error) {
    console.warn('The meow could not be played', error)
  }
}

const subscribedValue = (id: string) => id !== '' && id !== 'null' && id !== 'undefined'

export interface Welcome {
  subscribed: boolean
  /**
   * Whether to show the thank-you screen: true the first time ever for this subscription (the server
   * decides, billing.welcome), false afterwards, null while asking (or without a session to ask with).
   */
  welcome: boolean | null
}

/**
 * The thank-you screen and the meow happen once per subscription, ever. When the stored
 * subscriptionId is set and the screen wants the thank-you (`active`), or the owner has just become
 * subscribed in this tab or another one (storage event), the server is asked once per subscription id;
 * the first caller ever gets `welcome: true` and the meow plays.
 */
export function useWelcomeOnSubscribe(active: boolean): Welcome {
  const id = useStoredText('subscriptionId')
  const subscribed = subscribedValue(id)
  const was = useRef(subscribed)
  const asked = useRef<string | null>(null)
  const [answer, setAnswer] = useState<{ id: string; welcome: boolean } | null>(null)
  const claim = trpc.billing.welcome.useMutation()
  const { mutateAsync } = claim

  useEffect(() => {
    const justSubscribed = subscribed && !was.current
    was.current = subscribed
    if (!subscribed || (!active && !justSubscribed) || asked.current === id || !hasValidToken()) return
    asked.current = id
    mutateAsync()
      .then(({ welcome }) => {
        setAnswer({ id, welcome })
        if (welcome) playMeow()
      })
      // Unanswered, the thank-you shows (the rule of docs/product.md §4) without the meow.
      .catch((error: unknown) => {
        console.warn('Could not ask whether to welcome the owner', error)
        setAnswer({ id, welcome: true })
      })
  }, [subscribed, active, id, mutateAsync])

  return { subscribed, welcome: answer?.id === id ? answer.welcome : hasValidToken() ? null : true }
}
