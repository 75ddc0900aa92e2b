import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { AI_DISCLOSURE_SPECIALIST } from '../../../../shared/constants.ts'
import { SHORT_QUIZ_AGES, SHORT_QUIZ_WEIGHTS } from '../../../../shared/options.ts'
import { ChoiceCards, type ChoiceOption } from '../../components/quiz/ChoiceCards.tsx'
import { QuizStep } from '../../components/quiz/QuizStep.tsx'
import { useAnswer } from '../../hooks/useCatAnswers.ts'

const STEPS = 4
const GENDERS = [
  { value: 'female', title: 'Girl', icon: 'female' as const },
  { value: 'male', title: 'Boy', icon: 'male' as const },
]
const AGES = SHORT_QUIZ_AGES.map((age) => ({ value: age.value, title: age.title, hint: age.hint }))
const WEIGHTS = SHORT_QUIZ_WEIGHTS.map((band) => ({ value: band, title: band }))

/**
 * /start and /start-b (docs/product.md §2 "Short quiz"): four forward-only steps. The answers go under the
 * keys of docs/product.md §3 (gender female/male, age 0/1/7/10, weight as the band label); the ending
 * depends on the path: /interview for /start, /cat-assistant-b for /start-b.
 */
export function ShortQuizPage() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const ending = pathname.toLowerCase() === '/start-b' ? '/cat-assistant-b' : '/interview'
  const [step, setStep] = useState(1)
  // Step 1: the card the arrow keys are on; picking it (click, Enter, Space) stores it and moves on.
  const [browsed, setBrowsed] = useState('')
  const [, setGender] = useAnswer('gender')
  const [storedAge, setAge] = useAnswer('age')
  const [storedWeight, setWeight] = useAnswer('weight')
  // A choice made on this visit (a band value the quiz offers, kept from an earlier visit, counts too).
  const age = AGES.some((a) => a.value === storedAge) ? storedAge : ''
  const weight = WEIGHTS.some((w) => w.value === storedWeight) ? storedWeight : ''
  const progress = { step, total: STEPS }
  const next = () => setStep((s) => Math.min(STEPS, s + 1))

  if (step === 1) {
    return (
      <QuizStep key={1} progress={progress} title="What's Your Cat's Gender?">
        <ChoiceCards
          label="Gender"
          options={GENDERS}
          value={browsed}
          onChange={setBrowsed}
          onPick={(value) => {
            setGender(value)
            // Absolute, so a pick reported twice (a key and its click) still lands on step 2.
            setStep(2)
          }}
        />
      </QuizStep>
    )
  }

  // Steps 2 and 3: one choice each, then Continue.
  const choice =
    step === 2
      ? { title: "Choose your cat's age", label: 'Age', options: AGES, value: age, onChange: setAge }
      : step === 3
        ? {
            title: 'How much does your cat weigh?',
            label: 'Weight',
            options: WEIGHTS,
            value: weight,
            onChange: setWeight,
          }
        : null
  if (choice) return <ChoiceStep key={step} progress={progress} onContinue={next} {...choice} />

  return (
    <QuizStep
      key={4}
      progress={progress}
      title="Your specialist is ready"
      actions={
        <button type="button" className="btn btn--primary" onClick={() => navigate(ending)}>
          Join Meeting
        </button>
      }
    >
      <p className="quiz__message">
        We have a live specialist available to speak with you now. If you're ready to connect, please click
        the button below.
      </p>
      <p className="ai-disclosure">{AI_DISCLOSURE_SPECIALIST}</p>
    </QuizStep>
  )
}

/** A step with one choice to make, and Continue once it is made. */
function ChoiceStep(props: {
  progress: { step: number; total: number }
  title: string
  label: string
  options: readonly ChoiceOption[]
  value: string
  onChange(value: string): void
  onContinue(): void
}) {
  return (
    <QuizStep
      progress={props.progress}
      title={props.title}
      actions={
        props.value && (
          <button type="button" className="btn btn--primary" onClick={props.onContinue}>
            Continue
          </button>
        )
      }
    >
      <ChoiceCards
        label={props.label}
        options={props.options}
        value={props.value}
        onChange={props.onChange}
      />
    </QuizStep>
  )
}
