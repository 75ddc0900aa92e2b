// The numbered onboarding wizard's navigation (docs/product.md §4 "Wizard"), as
// pure functions the page calls.
import { WIZARD_FIRST_STEP, WIZARD_LAST_STEP } from '../constants.ts'

/** Step 13 (creating the plan) is followed by 15; step 14 has no screen. */
const CREATING_PLAN_STEP = 13
const THANKS_STEP = 15
/** docs/product.md §6: anonymous visitors may use steps 1 to 3. */
export const LAST_ANONYMOUS_STEP = 3
/** docs/product.md §4: the start step is 15 both with and without a stored cat id. */
export const WIZARD_START_STEP = THANKS_STEP

/** Valid step values are the whole numbers 1 to 15. */
export function isValidStep(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= WIZARD_FIRST_STEP &&
    value <= WIZARD_LAST_STEP
  )
}

/** A step from the URL or local storage: digits only ('5'), else null (ignored). */
export function parseStep(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,3}$/.test(raw.trim())) return null
  const value = Number(raw.trim())
  return isValidStep(value) ? value : null
}

/** Forward moves by one, except 13 → 15; it never passes the last step. */
export function nextStep(step: number): number {
  if (step === CREATING_PLAN_STEP) return THANKS_STEP
  return Math.min(step + 1, WIZARD_LAST_STEP)
}

/** Backward moves by one, except 15 → 13; it cannot go below 1. */
export function previousStep(step: number): number {
  if (step === THANKS_STEP) return CREATING_PLAN_STEP
  return Math.max(step - 1, WIZARD_FIRST_STEP)
}

/** Going to a step: invalid values are ignored (the current step stays). */
export function goToStep(current: number, target: unknown): number {
  return isValidStep(target) ? target : current
}

/** The step to show: the URL's when valid, else the saved currentStep, else the start step. */
export function initialStep(fromUrl: string | null | undefined, saved: string | null | undefined): number {
  return parseStep(fromUrl) ?? parseStep(saved) ?? WIZARD_START_STEP
}

/** Step 14 has no screen: a URL that names it shows 15, as moving forward would. */
export function screenStep(step: number): number {
  return step === 14 ? THANKS_STEP : step
}

/**
 * docs/product.md §6: anonymous visitors can use steps 1 to 3; every later step needs a signed-in owner,
 * however it is reached (Next, a link, the saved step or the start step).
 */
export function isStepOpen(step: number, authenticated: boolean): boolean {
  return authenticated || step <= LAST_ANONYMOUS_STEP
}

/**
 * Advancing past step 3 needs a signed-in owner (docs/product.md §4: the alert 'Please
 * authenticate to continue.').
 */
export function canAdvance(step: number, authenticated: boolean): boolean {
  return isStepOpen(nextStep(step), authenticated)
}

/**
 * Where sign-in leads (docs/product.md §4): the chat when a cat is stored, else /onboarding — back at the
 * wizard step a visitor stopped on, so the hand-over from visitor to owner continues where it left off. A
 * household member whose only cats are shared with them (the server's `household.sharedOnly`) goes where
 * those cats are, /care (docs/household.md, "On screen").
 */
export function signInDestination(
  hasCat: boolean,
  savedStep: string | null | undefined,
  sharedOnly = false,
): string {
  if (sharedOnly) return '/care'
  if (hasCat) return '/cat-assistant'
  const step = parseStep(savedStep)
  return step === null ? '/onboarding' : `/onboarding?step=${step}`
}
