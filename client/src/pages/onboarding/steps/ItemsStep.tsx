import { CAT_ITEMS } from '../../../../../shared/options.ts'
import { CAT_MESSAGES } from '../../../../../shared/schemas/cat.ts'
import { MultiChoiceCards } from '../../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { useListAnswer } from '../../../hooks/useCatAnswers.ts'
import { WizardActions } from '../WizardActions.tsx'
import { WIZARD_PROGRESS } from './progress.ts'

const OPTIONS = CAT_ITEMS.map((item) => ({
  value: item.title,
  title: item.title,
  hint: item.description,
  icon: item.icon,
}))

/** Step 12: the nine cat items, saved on each toggle (docs/product.md §4); at least one. */
export function ItemsStep() {
  const [items, setItems] = useListAnswer('items')
  return (
    <QuizStep
      progress={WIZARD_PROGRESS(12)}
      title="What Cat Items Do You Own?"
      subtitle="Pick everything you already have at home."
      actions={<WizardActions nextDisabled={items.length === 0} />}
    >
      <MultiChoiceCards label="Cat items" options={OPTIONS} values={items} onChange={setItems} />
      <p className="muted" aria-live="polite">
        {items.length === 0 ? CAT_MESSAGES.items : `${items.length} selected`}
      </p>
    </QuizStep>
  )
}
