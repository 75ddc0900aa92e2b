import { useNavigate } from 'react-router'
import { useMeowOnSubscribe } from '../../components/payment/meow.ts'
import { PaymentForm } from '../../components/payment/PaymentForm.tsx'
import { ThankYou } from '../../components/payment/ThankYou.tsx'

/** /PaymentForm (developer menu): the payment modal's form on a page of its own, then the thank-you. */
export function PaymentFormPage() {
  const subscribed = useMeowOnSubscribe()
  const navigate = useNavigate()
  return (
    <section className="card stack" aria-label="Payment">
      {subscribed ? (
        <ThankYou onContinue={() => navigate('/cat-assistant')} />
      ) : (
        <>
          <h1>Payment</h1>
          <PaymentForm onSuccess={() => {}} />
        </>
      )}
    </section>
  )
}
