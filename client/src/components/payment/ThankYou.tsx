import { useEffect, useRef } from 'react'

export interface ThankYouProps {
  titleId?: string
  /** 'Start My Journey' (SPEC §2): the caller decides where it leads. */
  onContinue(): void
}

/** The thank-you screen after payment: the project's own animation (/riv/V2/) and the way on. */
export function ThankYou({ titleId, onContinue }: ThankYouProps) {
  const button = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    button.current?.focus()
  }, [])
  return (
    <div className="thank-you">
      <img className="thank-you__animation" src="/riv/V2/thank-you.svg" alt="" width={240} height={200} />
      <h2 id={titleId}>Thank you for subscribing!</h2>
      <p className="muted">
        Your trial has started. Your cat specialist is ready to chat with you at any hour, 24/7.
      </p>
      <button ref={button} type="button" className="btn btn--primary btn--block" onClick={onContinue}>
        Start My Journey
      </button>
    </div>
  )
}
