import { useSearchParams } from 'react-router'
import { ReceptionistChat } from './ReceptionistChat.tsx'
import { Wizard } from './Wizard.tsx'

/**
 * /onboarding is two things in docs/product.md §2: the receptionist chat, and the numbered wizard "declared
 * by the query parameter step". With a step parameter (any value: invalid ones are ignored by the wizard) it
 * is the wizard; without one, the receptionist chat.
 */
export function OnboardingPage() {
  const [params] = useSearchParams()
  return params.has('step') ? <Wizard /> : <ReceptionistChat />
}
