import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { PaymentModal, SpecialistWait } from '../../features/payment/index.ts'
import { hasSubscription, hasValidToken, writeText } from '../../storage.ts'
import { trpc } from '../../trpc.ts'

/**
 * /paywall (guarded, docs/product.md §2): the specialist wait screen; Continue opens the payment modal, and
 * after payment 'Start My Journey' goes to /cat-assistant.
 */
export function PaywallPage() {
  const [paying, setPaying] = useState(false)
  // Arrived from "Yes, Cancel" on the profile: the cancellation is said, not only implied by the wait.
  const cancelled = (useLocation().state as { cancelled?: boolean } | null)?.cancelled === true
  // The server is the authority: a checkout that finished while this browser lost the answer (a reload
  // mid-payment, another tab) is picked up here instead of asking the owner to pay again.
  const status = trpc.billing.status.useQuery(undefined, { enabled: hasValidToken() && !hasSubscription() })
  const serverId = status.data?.subscriptionId ?? null

  useEffect(() => {
    if (serverId && !hasSubscription()) {
      writeText('subscriptionId', serverId)
      setPaying(true)
    }
  }, [serverId])

  return (
    <>
      {cancelled && (
        <p className="notice" role="status">
          Your subscription is cancelled. Subscribe again whenever you like.
        </p>
      )}
      <SpecialistWait onContinue={() => setPaying(true)} />
      <PaymentModal open={paying} onClose={() => setPaying(false)} onSuccess={() => {}} />
    </>
  )
}
