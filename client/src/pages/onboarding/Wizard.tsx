import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { BARRIER_OPTIONS, GOAL_OPTIONS, PROGRESS_OPTIONS } from '../../../../shared/options.ts'
import {
  canAdvance,
  initialStep,
  isStepOpen,
  nextStep,
  previousStep,
  screenStep,
} from '../../../../shared/rules/wizard.ts'
import { PaymentModal } from '../../features/payment/index.ts'
import { hasSubscription, hasValidToken, readText, useStoredText, writeText } from '../../storage.ts'
import { ActivityStep } from './steps/ActivityStep.tsx'
import { BasicsStep } from './steps/BasicsStep.tsx'
import { BreedWeightStep } from './steps/BreedWeightStep.tsx'
import { CheckInStep } from './steps/CheckInStep.tsx'
import { CreatingPlanStep } from './steps/CreatingPlanStep.tsx'
import { IntroStep } from './steps/IntroStep.tsx'
import { ItemsStep } from './steps/ItemsStep.tsx'
import { MedicalStep } from './steps/MedicalStep.tsx'
import { PickStep } from './steps/PickStep.tsx'
import { SignInRequiredStep } from './steps/SignInRequiredStep.tsx'
import { TargetWeightStep } from './steps/TargetWeightStep.tsx'
import { ThanksStep } from './steps/ThanksStep.tsx'
import { TrainingDaysStep } from './steps/TrainingDaysStep.tsx'
import { WizardContext, type WizardNav } from './wizard-context.ts'

/** Which screen each step shows (the long quiz of docs/product.md §2 laid onto the numbered steps of §4). */
function screen(step: number): ReactNode {
  switch (step) {
    case 1:
      return <IntroStep />
    case 2:
      return <BasicsStep />
    case 3:
      return <BreedWeightStep />
    case 4:
      return <MedicalStep />
    case 5:
      return (
        <PickStep
          step={5}
          storageKey="required_progress"
          title="What Progress Matters Most?"
          subtitle="Tell us what you would most like to see improve."
          options={PROGRESS_OPTIONS}
        />
      )
    case 6:
      return (
        <PickStep
          step={6}
          storageKey="issues_faced"
          title="What's Getting in the Way?"
          subtitle="Every owner meets obstacles; knowing yours helps us plan around them."
          options={BARRIER_OPTIONS}
        />
      )
    case 7:
      return (
        <PickStep
          step={7}
          storageKey="goals"
          title="Any Additional Goals?"
          subtitle="Pick the goals you would like to work on."
          options={GOAL_OPTIONS}
        />
      )
    case 8:
      return <ActivityStep />
    case 9:
      return <CheckInStep />
    case 10:
      return <TargetWeightStep />
    case 11:
      return <TrainingDaysStep />
    case 12:
      return <ItemsStep />
    case 13:
      return <CreatingPlanStep />
    default:
      return <ThanksStep />
  }
}

/**
 * The numbered onboarding wizard (docs/product.md §4), declared by the query parameter step. The URL is the
 * source of truth: an invalid value is ignored (the saved currentStep, else the start step 15, is shown),
 * and the step shown is saved as currentStep.
 */
export function Wizard() {
  const [params, setParams] = useSearchParams()
  const raw = params.get('step')
  const step = screenStep(initialStep(raw, readText('currentStep')))
  useStoredText('token')
  // A visitor past step 3 (a link, the saved step, the start step) is refused, not shown the step.
  const refused = !isStepOpen(step, hasValidToken())
  const [authAlert, setAuthAlert] = useState(false)
  const [paymentOpen, setPaymentOpen] = useState(false)

  useEffect(() => {
    if (raw !== String(step)) setParams({ step: String(step) }, { replace: true })
  }, [raw, step, setParams])

  useEffect(() => {
    // Saved even when refused: signing in brings the visitor back to it.
    writeText('currentStep', String(step))
    setAuthAlert(false)
    // Reaching step 15 opens the payment modal when nothing is subscribed yet.
    if (step === 15 && !refused && !hasSubscription()) setPaymentOpen(true)
  }, [step, refused])

  const goTo = useCallback((target: number) => setParams({ step: String(target) }), [setParams])
  const nav = useMemo<WizardNav>(
    () => ({
      step,
      authAlert,
      goTo,
      next() {
        if (!canAdvance(step, hasValidToken())) {
          setAuthAlert(true)
          return
        }
        goTo(nextStep(step))
      },
      back: () => goTo(previousStep(step)),
      openPayment: () => setPaymentOpen(true),
    }),
    [step, authAlert, goTo],
  )

  return (
    <WizardContext.Provider value={nav}>
      <div className="wizard" key={refused ? 'refused' : step}>
        {refused ? <SignInRequiredStep /> : screen(step)}
      </div>
      <PaymentModal
        open={paymentOpen}
        onClose={() => setPaymentOpen(false)}
        onSuccess={(subscriptionId) => {
          if (!hasSubscription()) writeText('subscriptionId', subscriptionId)
          setPaymentOpen(false)
        }}
      />
    </WizardContext.Provider>
  )
}
