import { useEffect } from 'react'
import { EXPERT_NAME } from '../../../../../shared/constants.ts'
import { CHECK_IN_PERIODS, DEFAULT_CHECK_IN_PERIOD } from '../../../../../shared/options.ts'
import { ChoiceCards } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useAnswer } from '../../../hooks/useCatAnswers.ts'
import { readText, writeText } from '../../../storage.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

const OPTIONS = CHECK_IN_PERIODS.map((period) => ({
  value: period,
  title: period,
  ...(period === DEFAULT_CHECK_IN_PERIOD ? { badge: 'Recommended' } : {}),
}))

/** Step 9: how often the specialist checks in; '3 Times a Week' (recommended) until the owner picks. */
export function CheckInStep() {
  const [period, setPeriod] = useAnswer('check_in_period')
  useEffect(() => {
    if (!CHECK_IN_PERIODS.some((p) => p.toLowerCase() === readText('check_in_period').toLowerCase())) {
      writeText('check_in_period', DEFAULT_CHECK_IN_PERIOD)
    }
  }, [])
  return (
    <QuizStep
      progress={WIZARD_PROGRESS(9)}
      title="How Often Should We Check In?"
      subtitle={`Pick how often you plan to update ${EXPERT_NAME} on your cat's progress; it is saved in your cat's plan.`}
      actions={<WizardActions nextDisabled={period === ''} />}
    >
      <ChoiceCards
        label="Check-in frequency"
        options={OPTIONS}
        value={period || DEFAULT_CHECK_IN_PERIOD}
        onChange={setPeriod}
      />
    </QuizStep>
  )
}
