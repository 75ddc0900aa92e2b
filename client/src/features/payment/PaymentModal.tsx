import { useEffect, useId, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useWelcomeOnSubscribe } from './meow.ts'
import { PaymentForm } from './PaymentForm.tsx'
import { ThankYou } from './ThankYou.tsx'
import { useTrialOffer } from './useTrialOffer.ts'

export interface PaymentModalProps {
  open: boolean
  onClose(): void
  onSuccess(subscriptionId: string): void
}

/**
 * The payment modal of docs/product.md §4: contact information, then the card, then the thank-you screen,
 * which shows whenever a subscription id is stored (re-checked on storage events, so another tab's payment
 * shows too). The meow plays when the owner first becomes subscribed.
 *
 * A native modal `<dialog>` (showModal): the page behind is inert, so Tab stays inside, and Escape
 * closes it (except while a payment is processing). Its body scrolls under a sticky footer, so the pay
 * button stays in view on a phone and when an error shows.
 */
export function PaymentModal({ open, onClose, onSuccess }: PaymentModalProps) {
  // Mounted while closed too, so the meow still plays when the caller closes the modal on success.
  const { subscribed, welcome } = useWelcomeOnSubscribe(open)
  const trial = useTrialOffer()
  const navigate = useNavigate()
  const titleId = useId()
  const [busy, setBusy] = useState(false)
  // A payment started in this dialog: once it succeeds the form stays, with its progress, until the
  // thank-you (it shrank to an empty 'One moment...' box).
  const [payingHere, setPayingHere] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const element = dialog.current
    if (!open || !element) return
    const opener = document.activeElement
    if (!element.open) element.showModal()
    return () => {
      if (element.open) element.close()
      // The dialog leaves the page as it closes, so the browser's own focus return does not happen.
      if (opener instanceof HTMLElement) opener.focus()
    }
  }, [open])

  // A subscriber who has had the thank-you already goes straight to the specialist.
  useEffect(() => {
    if (open && subscribed && welcome === false) navigate('/cat-assistant')
  }, [open, subscribed, welcome, navigate])

  if (!open) return null

  function close() {
    if (!busy) onClose()
  }

  return (
    <dialog
      ref={dialog}
      className="payment-modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape: the dialog closes through React's state, never on its own (nor mid-payment).
        event.preventDefault()
        close()
      }}
    >
      <div className="payment-modal__header">
        {!subscribed && <h2 id={titleId}>{trial ? 'Start your trial' : 'Subscribe to Kitty Care'}</h2>}
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
      <div className="payment-modal__body">
        {subscribed ? (
          welcome ? (
            <ThankYou titleId={titleId} onContinue={() => navigate('/cat-assistant')} />
          ) : payingHere ? (
            <PaymentForm onSuccess={onSuccess} onBusyChange={setBusy} finishing />
          ) : (
            <p className="muted" role="status">
              One moment...
            </p>
          )
        ) : (
          <PaymentForm
            onSuccess={onSuccess}
            onBusyChange={(on) => {
              setBusy(on)
              if (on) setPayingHere(true)
            }}
          />
        )}
      </div>
    </dialog>
  )
}
