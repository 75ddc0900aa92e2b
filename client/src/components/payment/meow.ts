// The meow of the thank-you screen (SPEC §4: played when the owner first becomes subscribed).
import { useEffect, useRef } from 'react'
import { useStoredText } from '../../storage.ts'

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

/**
 * Meows when the stored subscriptionId turns from absent to set while this component is mounted (in
 * this tab or, through the storage event, another one) — not when a screen opens already subscribed.
 */
export function useMeowOnSubscribe(): boolean {
  const id = useStoredText('subscriptionId')
  const subscribed = subscribedValue(id)
  const was = useRef(subscribed)
  useEffect(() => {
    if (subscribed && !was.current) playMeow()
    was.current = subscribed
  }, [subscribed])
  return subscribed
}
