import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { PaymentForm, ThankYou, useWelcomeOnSubscribe } from '../../features/payment/index.ts'

/** /PaymentForm (developer menu): the payment modal's form on a page of its own, then the thank-you. */
export function PaymentFormPage() {
  const { subscribed, welcome } = useWelcomeOnSubscribe(true)
  const navigate = useNavigate()
  useEffect(() => {
    if (subscribed && welcome === false) navigate('/cat-assistant')
  }, [subscribed, welcome, navigate])
  return (
    <section className="card stack" aria-label="Payment">
      {subscribed && welcome ? (
        <ThankYou onContinue={() => navigate('/cat-assistant')} />
      ) : subscribed ? (
        <p className="muted" role="status">
          One moment...
        </p>
      ) : (
        <>
          <h1>Payment</h1>
          <PaymentForm onSuccess={() => {}} />
        </>
      )}
    </section>
  )
}
