// The profile's second form: every other answer the product uses about the chosen cat (age band, sex,
// weight and unit, target weight, activity, medical notes, goals), so an owner can correct what the quiz,
// the interview or the wizard stored. The check-in rhythm and training days are the plan editor's, on the
// same page. A target the nutrition rule questions (under 70 % of the weight, outside the breed's range)
// is said before saving and saved only once the owner ticks that the vet will check it.
import { zodResolver } from '@hookform/resolvers/zod'
import { type FormEvent, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { ACTIVITY_LEVELS, GENDERS, GOAL_OPTIONS } from '../../../../shared/options.ts'
import { ageOptions, ageOptionValue } from '../../../../shared/rules/age.ts'
import { targetQuestion } from '../../../../shared/rules/nutrition.ts'
import { parseWeightText, type WeightUnit, weightUnitOf } from '../../../../shared/rules/weight.ts'
import { convertWeight } from '../../../../shared/rules/weight-log.ts'
import { type Cat, profileDetailsSchema, type UpdateCatInput } from '../../../../shared/schemas/cat.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
import { TextField } from '../../components/TextField.tsx'
import { WeightField } from '../../components/WeightField.tsx'
import { UNIT_OPTIONS } from '../../components/weight-field-text.ts'
import { writeJson } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'

interface Details {
  age: string
  gender: string
  weight: string
  unit: WeightUnit
  target_weight: string
  activity_level: string
  medical_conditions: string
  medications: string
  dietary_restrictions: string
  medical_history: string
  goals: string[]
}

const TEXT_FIELDS = ['medical_conditions', 'medications', 'dietary_restrictions', 'medical_history'] as const
const numberText = (value: number | null) => (value && value > 0 ? String(value) : '')

function detailsOf(cat: Cat): Details {
  return {
    age: ageOptionValue(cat.age),
    gender: cat.gender,
    weight: numberText(cat.weight),
    unit: weightUnitOf(cat.unit),
    target_weight: numberText(cat.target_weight),
    activity_level: cat.activity_level,
    medical_conditions: cat.medical_conditions,
    medications: cat.medications,
    dietary_restrictions: cat.dietary_restrictions,
    medical_history: cat.medical_history,
    goals: cat.goals,
  }
}

/** The typed weight as the nutrition rule reads it (null when not given or not a weight). */
const weightOf = (text: string) => {
  const value = parseWeightText(text)
  return Number.isFinite(value) && value > 0 ? value : null
}

export function ProfileDetailsForm({ cat }: { cat: Cat }) {
  const utils = trpc.useUtils()
  const update = trpc.cat.update.useMutation()
  const form = useForm<Details>({
    resolver: zodResolver(profileDetailsSchema as never),
    mode: 'all',
    defaultValues: detailsOf(cat),
  })
  const { errors, isDirty, defaultValues } = form.formState
  const [saved, setSaved] = useState(false)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [vetWillCheck, setVetWillCheck] = useState(false)
  const id = useId()
  const values = form.watch()
  const question = targetQuestion({
    name: cat.name,
    breed: cat.breed,
    gender: values.gender,
    age: values.age === '' ? null : Number(values.age),
    weight: weightOf(values.weight),
    target_weight: weightOf(values.target_weight),
    unit: values.unit,
    activity_level: values.activity_level,
  })
  const targetChanged =
    values.target_weight !== defaultValues?.target_weight || values.weight !== defaultValues?.weight
  const needsVetTick = question !== null && targetChanged && !vetWillCheck

  /** A new unit converts the weights typed, so 14 lb becomes 6.4 kg rather than 14 kg. */
  function changeUnit(next: WeightUnit) {
    const from = form.getValues('unit')
    for (const field of ['weight', 'target_weight'] as const) {
      const value = weightOf(form.getValues(field))
      if (value !== null)
        form.setValue(field, String(convertWeight(value, from, next)), { shouldDirty: true })
    }
    form.setValue('unit', next, { shouldDirty: true, shouldValidate: true })
    void form.trigger()
  }

  async function save() {
    setSaveError(null)
    setSaved(false)
    const now = form.getValues()
    const before = defaultValues ?? {}
    // Only what changed, as typed: the server reads it through the same field rules.
    const input: UpdateCatInput = { id: cat.id }
    if (now.age !== before.age) input.age = now.age === '' ? null : now.age
    if (now.gender !== before.gender) input.gender = now.gender
    if (now.weight !== before.weight || now.unit !== before.unit)
      input.weight = now.weight === '' ? null : now.weight
    if (now.target_weight !== before.target_weight || now.unit !== before.unit)
      input.target_weight = now.target_weight === '' ? null : now.target_weight
    if (now.unit !== before.unit) input.unit = now.unit
    if (now.activity_level !== before.activity_level) input.activity_level = now.activity_level
    for (const field of TEXT_FIELDS) if (now[field] !== before[field]) input[field] = now[field]
    if (now.goals.join('\n') !== (before.goals ?? []).join('\n')) input.goals = now.goals
    try {
      const updated = await update.mutateAsync(input)
      writeJson('catDetails', updated)
      form.reset(detailsOf(updated))
      setVetWillCheck(false)
      setSaved(true)
      await utils.cat.list.invalidate()
    } catch (error) {
      console.error('Updating the cat details failed', error)
      setSaveError(errorMessage(error, DEFAULT_ERRORS.updateCat))
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (update.isPending || needsVetTick) return
    void form.handleSubmit(() => (isDirty ? save() : undefined))(event)
  }

  const onEdit = { onChange: () => setSaved(false) }
  const unitLabel = values.unit === 'Kg' ? 'kg' : 'lb'
  return (
    <form className="stack profile__form profile__details" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>About {cat.name.trim() || 'your cat'}</h2>
      <p className="muted">What the plan and the specialist use. Fill in what you know.</p>
      <div className="profile__pair">
        <SelectField
          id={`${id}-age`}
          label="Age"
          placeholder="Not given"
          options={ageOptions(cat.age)}
          error={errors.age?.message}
          {...form.register('age', onEdit)}
        />
        <SelectField
          id={`${id}-sex`}
          label="Sex"
          placeholder="Not given"
          options={GENDERS}
          error={errors.gender?.message}
          {...form.register('gender', onEdit)}
        />
      </div>
      <div className="profile__pair">
        <WeightField
          id={`${id}-weight`}
          label={`Weight (${unitLabel})`}
          error={errors.weight?.message}
          {...form.register('weight', onEdit)}
        />
        <SelectField
          id={`${id}-unit`}
          label="Unit"
          options={UNIT_OPTIONS}
          value={values.unit}
          onChange={(event) => {
            setSaved(false)
            changeUnit(event.target.value as WeightUnit)
          }}
        />
      </div>
      <WeightField
        id={`${id}-target`}
        label={`Target weight (${unitLabel})`}
        error={errors.target_weight?.message}
        {...form.register('target_weight', onEdit)}
      />
      {question && (
        <div className="notice" role="status">
          <p>{question}</p>
          {targetChanged && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={vetWillCheck}
                onChange={(e) => setVetWillCheck(e.target.checked)}
              />{' '}
              Save this target anyway: I will check it with my vet
            </label>
          )}
        </div>
      )}
      <SelectField
        id={`${id}-activity`}
        label="Activity level"
        placeholder="Not given"
        options={ACTIVITY_LEVELS}
        error={errors.activity_level?.message}
        {...form.register('activity_level', onEdit)}
      />
      <TextField
        id={`${id}-conditions`}
        label="Medical conditions"
        autoComplete="off"
        {...form.register('medical_conditions', onEdit)}
      />
      {(
        [
          ['medications', 'Medications'],
          ['dietary_restrictions', 'Dietary restrictions'],
          ['medical_history', 'Medical history (surgeries and past illnesses)'],
        ] as const
      ).map(([field, label]) => (
        <div className="field" key={field}>
          <label htmlFor={`${id}-${field}`}>{label}</label>
          <textarea id={`${id}-${field}`} className="input" rows={2} {...form.register(field, onEdit)} />
          {errors[field] && <p className="field-error">{errors[field]?.message}</p>}
        </div>
      ))}
      <fieldset className="field profile__goals">
        <legend>Goals</legend>
        {GOAL_OPTIONS.map((goal) => (
          <label key={goal} className="checkbox">
            <input type="checkbox" value={goal} {...form.register('goals', onEdit)} /> {goal}
          </label>
        ))}
      </fieldset>
      {saveError && <ErrorBox>{saveError}</ErrorBox>}
      {saved && (
        <p className="notice" role="status">
          Details saved.
        </p>
      )}
      <button
        type="submit"
        className="btn btn--primary"
        aria-disabled={isDirty && !needsVetTick ? undefined : true}
        disabled={update.isPending}
      >
        {update.isPending ? 'Saving...' : 'Save details'}
      </button>
    </form>
  )
}
