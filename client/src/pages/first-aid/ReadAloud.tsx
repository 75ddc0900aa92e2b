import { useEffect, useState } from 'react'

/**
 * Reads a situation aloud with the browser's own speech (speechSynthesis: on the device, so it works
 * offline where the system has a voice). Hidden where the browser has no speech.
 */
export function ReadAloud({ lines }: { lines: readonly string[] }) {
  const supported = typeof window !== 'undefined' && 'speechSynthesis' in window
  const [speaking, setSpeaking] = useState(false)
  useEffect(() => () => void (supported && window.speechSynthesis.cancel()), [supported])
  if (!supported) return null
  const toggle = () => {
    window.speechSynthesis.cancel()
    if (speaking) return setSpeaking(false)
    const utterance = new SpeechSynthesisUtterance(lines.join('. \n'))
    utterance.rate = 0.95
    utterance.onend = () => setSpeaking(false)
    utterance.onerror = () => setSpeaking(false)
    setSpeaking(true)
    window.speechSynthesis.speak(utterance)
  }
  return (
    <button type="button" className="btn btn--secondary first-aid__aloud" onClick={toggle}>
      {speaking ? 'Stop reading' : 'Read aloud'}
    </button>
  )
}
