import { Link } from 'react-router'
import { cupsText, dailyFood, foodText } from '../../../../shared/rules/nutrition.ts'
import { catDisplayName, treatsLabel } from '../../../../shared/rules/recommendations.ts'
import { otherUnitLabel, unitLabel } from '../../../../shared/rules/weight.ts'
import type { Cat } from '../../../../shared/schemas/cat.ts'
import { mayOnCat } from '../../hooks/useCats.ts'
import { Field, ListValue, NOT_GIVEN, text } from './report-fields.tsx'

/** '8.5 lb (3.9 kg)': the weight as typed, with the other unit beside it, units written one way. */
function weightText(weight: number | null, unit: string): string {
  if (weight === null || weight <= 0) return NOT_GIVEN
  return `${weight} ${unitLabel(unit)} (${otherUnitLabel(weight, unit)})`
}

function ageText(age: number | null): string {
  if (age === null) return NOT_GIVEN
  if (age < 1) return 'Under 1 year'
  return age === 1 ? '1 year' : `${age} years`
}

/** The day's food from the one nutrition rule: the same numbers (or question) as the specialist's. */
function FoodChip({ cat }: { cat: Cat }) {
  const plan = dailyFood(cat)
  if (plan.kind === 'missing') {
    return (
      <li className="report__chip">
        <strong>Food: weigh first</strong> <span className="muted">{plan.text}</span>
      </li>
    )
  }
  if (plan.kind === 'question') {
    return (
      <li className="report__chip">
        <strong>
          {plan.reason === 'kitten weight unknown' ? 'Food: weigh first' : 'Food: ask your vet first'}
        </strong>{' '}
        <span className="muted">{foodText(plan)}</span>
      </li>
    )
  }
  return (
    <li className="report__chip">
      <strong>{plan.kcalPerDay} kcal</strong>{' '}
      <span className="muted">
        of food: about {cupsText(plan.cupsPerDay)} of dry food ({plan.gramsPerDay} g)
      </span>
    </li>
  )
}
/** The current cat's part of the report: progress, daily suggestions, profile, goals, medical notes. */
export function CatReport({ cat }: { cat: Cat }) {
  const goals = [
    ['Goals', cat.goals],
    ['Progress wanted', cat.required_progress],
    ['Barriers and issues', cat.issues_faced],
    ['Training days', cat.training_days],
    ['Items', cat.items],
  ] as const
  const medical = [
    ['Medical conditions', cat.medical_conditions],
    ['Medications', cat.medications],
    ['Dietary restrictions', cat.dietary_restrictions],
    ['Medical history', cat.medical_history],
  ] as const
  return (
    <div className="stack">
      <h2 className="report__name">{catDisplayName(cat.name)}</h2>
      <nav className="row report__actions" aria-label={`${catDisplayName(cat.name)}'s care`}>
        <Link className="btn btn--secondary" to="/care">
          Care: plan and check-ins
        </Link>
        <Link className="btn btn--secondary" to="/care/progress">
          Progress: weight and vet report
        </Link>
      </nav>

      <section aria-labelledby="report-daily" className="report__section">
        <h3 id="report-daily">Daily suggestions</h3>
        {cat.food_bowls === null && cat.treats === null && cat.playtime === null ? (
          <p className="muted">No daily suggestions yet.</p>
        ) : (
          <ul className="report__daily">
            {cat.food_bowls !== null && <FoodChip cat={cat} />}
            {cat.treats !== null && (
              <li className="report__chip">
                <strong>
                  {cat.treats} {treatsLabel(cat.treats)}
                </strong>
              </li>
            )}
            {cat.playtime !== null && (
              <li className="report__chip">
                <strong>{cat.playtime} minutes</strong> <span className="muted">of playtime</span>
              </li>
            )}
          </ul>
        )}
      </section>

      <section aria-labelledby="report-profile" className="report__section">
        <h3 id="report-profile">Profile</h3>
        <dl className="report__fields">
          <Field label="Name">{text(cat.name)}</Field>
          <Field label="Breed">{text(cat.breed)}</Field>
          <Field label="Age">{ageText(cat.age)}</Field>
          <Field label="Weight">{weightText(cat.weight, cat.unit)}</Field>
          <Field label="Target weight">{weightText(cat.target_weight, cat.unit)}</Field>
          <Field label="Activity level">{text(cat.activity_level)}</Field>
          <Field label="Check-in frequency">{text(cat.check_in_period)}</Field>
        </dl>
      </section>

      <section aria-labelledby="report-plan" className="report__section">
        <h3 id="report-plan">Goals and challenges</h3>
        <dl className="report__fields">
          {goals.map(([label, items]) => (
            <Field key={label} label={label}>
              <ListValue items={items} />
            </Field>
          ))}
        </dl>
      </section>

      <section aria-labelledby="report-medical" className="report__section">
        <h3 id="report-medical">Medical notes</h3>
        <dl className="report__fields">
          {medical.map(([label, value]) => (
            <Field key={label} label={label}>
              {text(value)}
            </Field>
          ))}
        </dl>
      </section>

      {/* Only what the user may do on this cat (the server's `may`; a sitter neither edits nor chats). */}
      {(mayOnCat(cat, 'manage') || mayOnCat(cat, 'chat')) && (
        <div className="row report__actions">
          {mayOnCat(cat, 'manage') && (
            <Link className="btn btn--secondary" to="/cat-profile">
              Edit Profile
            </Link>
          )}
          {mayOnCat(cat, 'chat') && (
            <Link className="btn btn--primary" to="/cat-assistant">
              Chat with Expert
            </Link>
          )}
        </div>
      )}
    </div>
  )
}
