import { useEffect, useRef, useState } from 'react'

/** RECOVER's compression rate is 100 to 120 a minute: the beat runs in the middle of it. */
export const CPR_BEATS_PER_MINUTE = 110
const COMPRESSIONS_PER_CYCLE = 30

/**
 * The CPR beat (docs/first-aid.md): a visual pulse and a click at 110 a minute, counting 30
 * compressions and then "2 breaths". The click is Web Audio, scheduled on the audio clock so it keeps
 * time when the page is busy; the count follows a timer at the same interval.
 */
export function CprBeat() {
  const [running, setRunning] = useState(false)
  const [count, setCount] = useState(0)
  const audio = useRef<AudioContext | null>(null)
  const stop = useRef<(() => void) | null>(null)

  useEffect(() => () => stop.current?.(), [])

  const start = () => {
    const interval = 60 / CPR_BEATS_PER_MINUTE
    const Context =
      window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
    let context: AudioContext | null = null
    try {
      context = audio.current ?? (Context ? new Context() : null)
      audio.current = context
      void context?.resume()
    } catch {
      context = null // No sound: the visual beat still runs.
    }
    let next = context ? context.currentTime + 0.05 : 0
    const schedule = () => {
      if (!context) return
      while (next < context.currentTime + 0.3) {
        const tone = context.createOscillator()
        const gain = context.createGain()
        tone.frequency.value = 880
        gain.gain.setValueAtTime(0.4, next)
        gain.gain.exponentialRampToValueAtTime(0.001, next + 0.08)
        tone.connect(gain).connect(context.destination)
        tone.start(next)
        tone.stop(next + 0.09)
        next += interval
      }
    }
    schedule()
    const audioTimer = window.setInterval(schedule, 100)
    let beats = 0
    setCount(1)
    const beatTimer = window.setInterval(() => {
      beats += 1
      setCount((beats % COMPRESSIONS_PER_CYCLE) + 1)
    }, interval * 1000)
    stop.current = () => {
      window.clearInterval(audioTimer)
      window.clearInterval(beatTimer)
      stop.current = null
    }
    setRunning(true)
  }

  const halt = () => {
    stop.current?.()
    setRunning(false)
    setCount(0)
  }

  return (
    <section className="cpr-beat" aria-labelledby="cpr-beat-title">
      <h2 id="cpr-beat-title">Compression beat: {CPR_BEATS_PER_MINUTE} a minute</h2>
      <div
        className={running ? 'cpr-beat__pulse cpr-beat__pulse--on' : 'cpr-beat__pulse'}
        style={{ animationDuration: `${60 / CPR_BEATS_PER_MINUTE}s` }}
        data-bpm={CPR_BEATS_PER_MINUTE}
        aria-hidden="true"
      >
        {running ? count : ''}
      </div>
      <p className="cpr-beat__count" aria-live="off">
        {running
          ? count === COMPRESSIONS_PER_CYCLE
            ? `Compression ${count} of 30: now 2 breaths`
            : `Compression ${count} of 30`
          : 'Press start and squeeze on every beat.'}
      </p>
      <button type="button" className="btn btn--primary cpr-beat__button" onClick={running ? halt : start}>
        {running ? 'Stop the beat' : 'Start the beat'}
      </button>
    </section>
  )
}
