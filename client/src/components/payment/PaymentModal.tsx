import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useMeowOnSubscribe } from './meow.ts'
import { PaymentForm } from './PaymentForm.tsx'
import { ThankYou } from './ThankYou.tsx'

export interface PaymentModalProps {
  open: boolean
  onClose(): void
  onSuccess(subscriptionId: string): void
}

/**
 * The payment modal of SPEC §4: contact information, then the card, then the thank-you screen, which
 * shows whenever a subscription id is stored (re-checked on storage events, so another tab's payment
 * shows too). The meow plays when the owner first becomes subscribed.
 */
export function PaymentModal({ open, onClose, onSuccess }: PaymentModalProps) {
  // Mounted while closed too, so the meow still plays when the caller closes the modal on success.
  const subscribed = useMeowOnSubscribe()
  const navigate = useNavigate()
  const titleId = useId()
  const [busy, setBusy] = useState(false)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    if (!open) return
    opener.current = document.activeElement
    return () => {
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [open])

  if (!open) return null

  function close() {
    if (!busy) onClose()
  }

  return (
    <div className="dialog-backdrop">
      <div
        className="dialog payment-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close()
        }}
      >
        <div className="payment-modal__header">
          {!subscribed && <h2 id={titleId}>Start your free trial</h2>}
          <button
            type="button"
            className="payment-modal__close"
            aria-label="Close"
            onClick={close}
            disabled={busy}
          >
            ×
          </button>
        </div>
        {subscribed ? (
          <ThankYou titleId={titleId} onContinue={() => navigate('/cat-assistant')} />
        ) : (
          <PaymentForm onSuccess={onSuccess} onBusyChange={setBusy} />
        )}
      </div>
    </div>
  )
}
