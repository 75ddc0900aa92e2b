import { createContext, useContext } from 'react'

export interface WizardNav {
  step: number
  /** Forward, unless a visitor is past step 3: then the authentication alert shows and the step stays. */
  next(): void
  back(): void
  /** Straight to a step, without the authentication check (step 13's automatic move to 15). */
  goTo(step: number): void
  /** The visitor tried to pass step 3 without signing in. */
  authAlert: boolean
  openPayment(): void
}

export const WizardContext = createContext<WizardNav | null>(null)

export function useWizard(): WizardNav {
  const value = useContext(WizardContext)
  if (!value) throw new Error('useWizard outside the wizard')
  return value
}
