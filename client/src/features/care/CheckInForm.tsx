// The check-in form: a weight (asked on weigh-in days, optional otherwise) and a note. The
// server decides (a closed check-in, a weight out of range); the form shows what it says.
import { type FormEvent, useId, useState } from 'react'
import type { WeightUnit } from '../../../../shared/rules/weight.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
import { TextField } from '../../components/TextField.tsx'
import { humanWeightError, typedWeight, UNIT_OPTIONS } from '../../components/weight-field-text.ts'
import { errorMessage, trpc } from '../../trpc.ts'

export interface CheckInFormProps {
  checkInId: number
  weighIn: boolean
  defaultUnit?: WeightUnit
  onDone?: () => void
}

export function CheckInForm({ checkInId, weighIn, defaultUnit = 'Lbs', onDone }: CheckInFormProps) {
  const id = useId()
  const utils = trpc.useUtils()
  const [weight, setWeight] = useState('')
  const [unit, setUnit] = useState<WeightUnit>(defaultUnit)
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const answer = trpc.care.answerCheckIn.useMutation({
    onSuccess: async () => {
      // A weight lands in the cat's log and its profile too: every screen showing them reads again.
      await Promise.all([
        utils.care.checkIns.invalidate(),
        utils.care.checkIn.invalidate({ id: checkInId }),
        utils.progress.invalidate(),
        utils.cat.list.invalidate(),
        utils.household.activity.invalidate(),
      ])
      onDone?.()
    },
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = typedWeight(weight)
    if (value !== undefined && !(value > 0)) {
      setProblem('Enter the weight as a number, like 10.4 or 10,4.')
      return
    }
    if (weighIn && value === undefined && !note.trim()) {
      setProblem('Enter the weight, or a note if you could not weigh today')
      return
    }
    setProblem(null)
    answer.mutate({
      id: checkInId,
      ...(value !== undefined ? { weight: value, unit } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    })
  }

  const error =
    problem ??
    (answer.error ? humanWeightError(errorMessage(answer.error, 'Could not save the check-in')) : null)
  return (
    <form className="stack check-in-form" noValidate onSubmit={submit} aria-label="Check-in">
      <div className="check-in-form__weight">
        <TextField
          id={`${id}-weight`}
          label={weighIn ? 'Weight today' : 'Weight (optional)'}
          inputMode="decimal"
          autoComplete="off"
          value={weight}
          onChange={(e) => setWeight(e.target.value)}
          aria-invalid={problem ? true : undefined}
        />
        <SelectField
          id={`${id}-unit`}
          label="Unit"
          options={UNIT_OPTIONS}
          value={unit}
          onChange={(e) => setUnit(e.target.value as WeightUnit)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>Note (optional)</label>
        <textarea
          id={`${id}-note`}
          className="input"
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </div>
      {error && <ErrorBox>{error}</ErrorBox>}
      <button type="submit" className="btn btn--primary" disabled={answer.isPending}>
        {answer.isPending ? 'Saving…' : 'Send check-in'}
      </button>
    </form>
  )
}
