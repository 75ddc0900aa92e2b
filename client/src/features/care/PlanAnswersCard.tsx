// After the sale, a cat may lack what its plan is made from (an owner who went from the receptionist to
// the paywall never met the wizard). On the first Care visit for such a cat this card asks only for the
// missing answers, in one step, once: Save or 'Not now' and it does not come back on this device. It sits
// on the Care page, never in front of the chat.
import { type FormEvent, useId, useState } from 'react'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { CHECK_IN_PERIODS, GENDERS, TRAINING_DAYS } from '../../../../shared/options.ts'
import { ageOptions } from '../../../../shared/rules/age.ts'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import {
  isValidWeightText,
  parseWeightText,
  type WeightUnit,
  weightUnitOf,
} from '../../../../shared/rules/weight.ts'
import { CAT_MESSAGES, type Cat, type UpdateCatInput } from '../../../../shared/schemas/cat.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
import { WeightField } from '../../components/WeightField.tsx'
import { UNIT_OPTIONS } from '../../components/weight-field-text.ts'
import { errorMessage, trpc } from '../../trpc.ts'

/** Local storage key: the cats whose card was answered or put off on this device. */
const ASKED_KEY = 'kc_plan_answers_asked'

function askedCats(): number[] {
  try {
    const list = JSON.parse(localStorage.getItem(ASKED_KEY) ?? '[]')
    return Array.isArray(list) ? list.filter((id) => typeof id === 'number') : []
  } catch {
    return []
  }
}

function markAsked(catId: number) {
  localStorage.setItem(ASKED_KEY, JSON.stringify([...new Set([...askedCats(), catId])]))
}

/** What the plan needs that this cat has not given. */
export function missingPlanAnswers(cat: Cat) {
  return {
    weight: !(cat.weight && cat.weight > 0),
    target: !(cat.target_weight && cat.target_weight > 0),
    age: cat.age === null,
    sex: cat.gender === '',
    rhythm: cat.check_in_period === '',
    days: cat.training_days.length === 0,
  }
}

export function PlanAnswersCard({ cat }: { cat: Cat }) {
  const [missing] = useState(() => missingPlanAnswers(cat))
  const [hidden, setHidden] = useState(() => askedCats().includes(cat.id))
  const anything = Object.values(missing).some(Boolean)
  if (hidden || !anything) return null
  return (
    <AnswersForm
      cat={cat}
      missing={missing}
      onDone={() => {
        markAsked(cat.id)
        setHidden(true)
      }}
    />
  )
}

function AnswersForm({
  cat,
  missing,
  onDone,
}: {
  cat: Cat
  missing: ReturnType<typeof missingPlanAnswers>
  onDone: () => void
}) {
  const id = useId()
  const utils = trpc.useUtils()
  const update = trpc.cat.update.useMutation()
  const [unit, setUnit] = useState<WeightUnit>(weightUnitOf(cat.unit))
  const [weight, setWeight] = useState('')
  const [target, setTarget] = useState('')
  const [age, setAge] = useState('')
  const [sex, setSex] = useState('')
  const [rhythm, setRhythm] = useState('')
  const [days, setDays] = useState<string[]>([])
  const [error, setError] = useState<string | null>(null)
  const name = catDisplayName(cat.name)
  const badWeight = weight !== '' && !isValidWeightText(weight, unit)
  const badTarget = target !== '' && !isValidWeightText(target, unit)

  async function save(event: FormEvent) {
    event.preventDefault()
    if (badWeight || badTarget || update.isPending) return
    const input: UpdateCatInput = { id: cat.id }
    if (weight !== '') input.weight = parseWeightText(weight)
    if (target !== '') input.target_weight = parseWeightText(target)
    if (weight !== '' || target !== '') input.unit = unit
    if (age !== '') input.age = age
    if (sex !== '') input.gender = sex
    if (rhythm !== '') input.check_in_period = rhythm
    if (days.length > 0) input.training_days = days
    setError(null)
    try {
      if (Object.keys(input).length > 1) await update.mutateAsync(input)
      await Promise.all([utils.cat.list.invalidate(), utils.care.plan.invalidate()])
      onDone()
    } catch (failure) {
      setError(errorMessage(failure, DEFAULT_ERRORS.updateCat))
    }
  }

  return (
    <form className="card stack plan-answers" aria-labelledby={`${id}-title`} onSubmit={save}>
      <h2 id={`${id}-title`}>A few answers for {name}'s plan</h2>
      <p className="muted">
        The plan is made from these. Give what you know; you can change any of it later on the profile.
      </p>
      {(missing.weight || missing.target) && (
        <div className="profile__pair">
          {missing.weight && (
            <WeightField
              id={`${id}-weight`}
              label="Weight"
              value={weight}
              onChange={(e) => setWeight(e.target.value.trim())}
              error={badWeight ? CAT_MESSAGES.weight : undefined}
            />
          )}
          {missing.target && (
            <WeightField
              id={`${id}-target`}
              label="Target weight"
              value={target}
              onChange={(e) => setTarget(e.target.value.trim())}
              error={badTarget ? CAT_MESSAGES.weight : undefined}
            />
          )}
          <SelectField
            id={`${id}-unit`}
            label="Unit"
            options={UNIT_OPTIONS}
            value={unit}
            onChange={(e) => setUnit(e.target.value as WeightUnit)}
          />
        </div>
      )}
      {(missing.age || missing.sex) && (
        <div className="profile__pair">
          {missing.age && (
            <SelectField
              id={`${id}-age`}
              label="Age"
              placeholder="Not given"
              options={ageOptions()}
              value={age}
              onChange={(e) => setAge(e.target.value)}
            />
          )}
          {missing.sex && (
            <SelectField
              id={`${id}-sex`}
              label="Sex"
              placeholder="Not given"
              options={GENDERS}
              value={sex}
              onChange={(e) => setSex(e.target.value)}
            />
          )}
        </div>
      )}
      {missing.rhythm && (
        <SelectField
          id={`${id}-rhythm`}
          label="How often to check in"
          placeholder="Not given"
          options={CHECK_IN_PERIODS}
          value={rhythm}
          onChange={(e) => setRhythm(e.target.value)}
        />
      )}
      {missing.days && (
        <fieldset className="field profile__goals">
          <legend>Training days</legend>
          {TRAINING_DAYS.map((day) => (
            <label key={day} className="checkbox">
              <input
                type="checkbox"
                checked={days.includes(day)}
                onChange={(e) =>
                  setDays((now) => (e.target.checked ? [...now, day] : now.filter((d) => d !== day)))
                }
              />{' '}
              {day}
            </label>
          ))}
        </fieldset>
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save answers'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          Not now
        </button>
      </div>
    </form>
  )
}
