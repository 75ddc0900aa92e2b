import { useId } from 'react'
import { useNavigate } from 'react-router'
import { cupsLabel, treatsLabel } from '../../../../../shared/rules/recommendations.ts'
import { QuizStep } from '../../../components/quiz/QuizStep.tsx'
import { hasSubscription, readText, useStoredText, writeText } from '../../../storage.ts'
import { useWizard } from '../wizard-context.ts'

/**
 * Step 15: 'Thanks for Subscribing', the suggestions read from local storage, and 'Chat With Expert Now'
 * (SPEC §4: with an e-mail and a subscription → /cat-assistant; with only a subscription → /signup;
 * otherwise the payment modal).
 */
export function ThanksStep() {
  const { openPayment, back } = useWizard()
  const navigate = useNavigate()
  const food = useStoredText('food_bowls')
  const treats = useStoredText('treats')
  const playtime = useStoredText('playtime')
  const sliderId = useId()
  const cups = Number(food)
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
            {food !== '' && (
              <li>
                <label htmlFor={sliderId} className="suggestions__label">
                  <strong>
                    {food} {cupsLabel(food)}
                  </strong>{' '}
                  of food per day
                </label>
                <input
                  id={sliderId}
                  type="range"
                  min={1}
                  max={3}
                  step={1}
                  value={Number.isFinite(cups) ? Math.min(3, Math.max(1, cups)) : 1}
                  aria-valuetext={`${food} ${cupsLabel(food)} per day`}
                  onChange={(e) => writeText('food_bowls', e.target.value)}
                />
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
