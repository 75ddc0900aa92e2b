import { WIZARD_LAST_STEP } from '../../../../../shared/constants.ts'

/** The progress bar's numbers for a wizard step. */
export const WIZARD_PROGRESS = (step: number) => ({ step, total: WIZARD_LAST_STEP })
