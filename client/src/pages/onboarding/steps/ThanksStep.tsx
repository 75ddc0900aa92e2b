import { useNavigate } from 'react-router'
import { dailyFoodText, type NutritionProfile } from '../../../../../shared/rules/nutrition.ts'
import { treatsLabel } from '../../../../../shared/rules/recommendations.ts'
import { parseWeightText } from '../../../../../shared/rules/weight.ts'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { hasSubscription, readJson, readText, useStoredText } from '../../../storage.ts'
import { useWizard } from '../wizard-context.ts'

/** A stored answer as a number: numbers as they are, text read as the forms read it ('12,5'). */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return value
  if (typeof value !== 'string' || value.trim() === '') return null
  const parsed = parseWeightText(value)
  return Number.isFinite(parsed) ? parsed : null
}

/**
 * The cat the wizard just made or updated (catDetails, docs/product.md §3), as the nutrition rule reads it.
 */
function storedCat(): NutritionProfile | null {
  const cat = readJson<Record<string, unknown> | null>('catDetails', null)
  if (!cat || typeof cat !== 'object') return null
  const text = (value: unknown) => (typeof value === 'string' ? value : '')
  return {
    name: text(cat.name) || text(cat.cat_name),
    weight: numberOf(cat.weight),
    target_weight: numberOf(cat.target_weight),
    unit: text(cat.unit) || 'Lbs',
    age: numberOf(cat.age),
    activity_level: text(cat.activity_level),
    breed: text(cat.breed),
    gender: text(cat.gender),
  }
}

/**
 * Step 15: 'Thanks for Subscribing', the suggestions read from local storage, and 'Chat With Expert Now'
 * (docs/product.md §4: with an e-mail and a subscription → /cat-assistant; with only a subscription →
 * /signup; otherwise the payment modal).
 */
export function ThanksStep() {
  const { openPayment, back } = useWizard()
  const navigate = useNavigate()
  const food = useStoredText('food_bowls')
  const treats = useStoredText('treats')
  const playtime = useStoredText('playtime')
  // The food is the one nutrition rule's (kcal, cups and grams), as /care/progress and the check-ins say it.
  const cat = storedCat()
  const foodLine = cat ? dailyFoodText(cat) : null
  const hasSuggestions = food !== '' || treats !== '' || playtime !== ''

  function chat() {
    const subscribed = hasSubscription()
    if (subscribed && readText('email')) navigate('/cat-assistant')
    else if (subscribed) navigate('/signup')
    else openPayment()
  }

  return (
    <QuizStep
      title="Thanks for Subscribing"
      subtitle="Your specialist is ready for you. Here is where your cat's plan starts."
      actions={
        <div className="wizard__nav">
          <button type="button" className="btn btn--secondary" onClick={back}>
            Back
          </button>
          <button type="button" className="btn btn--primary" onClick={chat}>
            Chat With Expert Now
          </button>
        </div>
      }
    >
      <section className="suggestions" aria-labelledby="suggestions-title">
        <h2 id="suggestions-title">Suggestions</h2>
        {hasSuggestions ? (
          <ul className="suggestions__list">
            {foodLine && (
              <li>
                <strong>Food:</strong> {foodLine}
              </li>
            )}
            {treats !== '' && (
              <li>
                <strong>
                  {treats} {treatsLabel(treats)}
                </strong>{' '}
                per day
              </li>
            )}
            {playtime !== '' && (
              <li>
                <strong>{playtime} minutes</strong> of playtime per day
              </li>
            )}
          </ul>
        ) : (
          <p className="muted">Your suggestions appear here once your plan is ready.</p>
        )}
      </section>
    </QuizStep>
  )
}
