// The payment feature's public face: what pages (pricing, paywall, wizard, cat profile) use. Other features
// import payment only from here; its steps, checkout flow and validation stay inside.
export { useCancelSubscription } from './cancel-subscription.ts'
export { useWelcomeOnSubscribe } from './meow.ts'
export { PaymentForm } from './PaymentForm.tsx'
export { PaymentModal } from './PaymentModal.tsx'
export { SpecialistWait } from './SpecialistWait.tsx'
export { ThankYou } from './ThankYou.tsx'
export { useBillingChoice } from './useBillingChoice.ts'
