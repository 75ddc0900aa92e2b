import { MAX_MULTI_SELECT } from '../../../../../shared/constants.ts'
import { CAT_MESSAGES } from '../../../../../shared/schemas/cat.ts'
import { MultiChoiceCards, titleOptions } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useListAnswer } from '../../../hooks/useCatAnswers.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

interface Props {
  step: number
  storageKey: 'required_progress' | 'issues_faced' | 'goals'
  title: string
  subtitle: string
  options: readonly string[]
}

/** Steps 5, 6 and 7: pick 1 to 10 cards (further picks are ignored), saved as they are picked. */
export function PickStep({ step, storageKey, title, subtitle, options }: Props) {
  const [values, setValues] = useListAnswer(storageKey)
  return (
    <QuizStep
      progress={WIZARD_PROGRESS(step)}
      title={title}
      subtitle={`${subtitle} Choose up to ${MAX_MULTI_SELECT}.`}
      actions={<WizardActions nextDisabled={values.length === 0} />}
    >
      <MultiChoiceCards
        label={title}
        options={titleOptions(options)}
        values={values}
        onChange={setValues}
        max={MAX_MULTI_SELECT}
      />
      <p className="muted" aria-live="polite">
        {values.length === 0 ? CAT_MESSAGES.atLeastOne : `${values.length} selected`}
      </p>
    </QuizStep>
  )
}
