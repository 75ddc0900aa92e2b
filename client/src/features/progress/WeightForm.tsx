// Log a weight on /progress: react-hook-form over the server's own schema (weightInput), as the other
// forms; the date defaults to today (now) and cannot be in the future. The unit defaults to the one the
// owner last used for this cat (the profile's unit follows the newest weighing), and a decimal comma reads
// as a point.
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import type { WeightUnit } from '../../../../shared/rules/weight.ts'
import { type WeightInput, weightInput } from '../../../../shared/schemas/care.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
import { TextField } from '../../components/TextField.tsx'
import { humanWeightError, typedWeight, UNIT_OPTIONS } from '../../components/weight-field-text.ts'
import { errorMessage } from '../../trpc.ts'
import { useWeightChanges } from './useProgress.ts'

const resolver = zodResolver(weightInput)

/** 'YYYY-MM-DD' of today, in the browser's time zone. */
function today(): string {
  const now = new Date()
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
}

/** A picked day as the weighing's time: today is now; an earlier day is its noon. */
function measuredAt(day: unknown): string | undefined {
  if (typeof day !== 'string' || day === '' || day === today()) return undefined
  const at = new Date(`${day}T12:00:00`)
  return Number.isNaN(at.getTime()) ? day : at.toISOString()
}

export function WeightForm({ catId, unit }: { catId: number; unit: WeightUnit }) {
  const id = useId()
  const { log } = useWeightChanges()
  const { register, handleSubmit, reset, formState } = useForm<
    z.input<typeof weightInput>,
    unknown,
    WeightInput
  >({
    resolver,
    reValidateMode: 'onSubmit',
    defaultValues: { cat_id: catId, unit, source: 'progress' },
  })
  const errors = formState.errors
  const submit = handleSubmit(async (values) => {
    // The cat is the one this form is for, whatever the form state kept.
    await log.mutateAsync({ ...values, cat_id: catId })
    reset({ cat_id: catId, unit: values.unit, source: 'progress' })
  })

  return (
    <form className="progress-form" onSubmit={(e) => void submit(e).catch(() => {})} noValidate>
      <h3 id={`${id}-title`}>Log a weight</h3>
      <div className="progress-form__fields">
        <TextField
          id={`${id}-weight`}
          label="Weight"
          inputMode="decimal"
          autoComplete="off"
          error={humanWeightError(errors.weight?.message)}
          {...register('weight', { setValueAs: typedWeight })}
        />
        <SelectField id={`${id}-unit`} label="Unit" options={UNIT_OPTIONS} {...register('unit')} />
        <TextField
          id={`${id}-date`}
          label="Date"
          type="date"
          max={today()}
          defaultValue={today()}
          error={humanWeightError(errors.measured_at?.message)}
          {...register('measured_at', { setValueAs: measuredAt })}
        />
      </div>
      {log.error && (
        <ErrorBox>
          {humanWeightError(errorMessage(log.error, 'The weight could not be saved. Please try again.'))}
        </ErrorBox>
      )}
      <button type="submit" className="btn btn--primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save weight'}
      </button>
    </form>
  )
}
