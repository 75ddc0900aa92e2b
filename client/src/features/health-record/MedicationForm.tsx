// The medication's form, one for adding and for editing (pre-filled, Save and Cancel): name, dose, the
// dose times, the course's start and end, notes. Changed times or dates re-plan the next dose on the
// server; its refusal is shown in the form's words (record-error.ts).
import { type FormEvent, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { cancelOnEscape, RecordFormButtons, useFirstFieldFocus } from './RecordFormButtons.tsx'
import { recordError } from './record-error.ts'

export interface MedicationFields {
  name: string
  dose: string
  /** As typed: 'HH:MM' times, comma- or space-separated. */
  times: string
  start_on: string
  end_on: string
  notes: string
}

export const EMPTY_MEDICATION: MedicationFields = {
  name: '',
  dose: '',
  times: '08:00',
  start_on: '',
  end_on: '',
  notes: '',
}

/** The typed times as the row's list. */
export const timeList = (times: string) =>
  times
    .split(/[,\s]+/)
    .map((time) => time.trim())
    .filter(Boolean)

interface Props {
  initial: MedicationFields
  submitLabel: string
  label: string
  pending: boolean
  error: unknown
  onSubmit: (fields: MedicationFields) => Promise<boolean>
  onCancel?: () => void
}

export function MedicationForm({ initial, submitLabel, label, pending, error, onSubmit, onCancel }: Props) {
  const [fields, setFields] = useState(initial)
  const first = useFirstFieldFocus<HTMLInputElement>(Boolean(onCancel))
  const set = (key: keyof MedicationFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ((await onSubmit(fields)) && !onCancel) setFields({ ...EMPTY_MEDICATION, times: fields.times })
  }
  return (
    <form
      className="health-record__form"
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <label>
        Medication
        <input
          ref={first}
          value={fields.name}
          onChange={set('name')}
          required
          maxLength={120}
          autoComplete="off"
        />
      </label>
      <label>
        Dose
        <input value={fields.dose} onChange={set('dose')} required maxLength={120} autoComplete="off" />
      </label>
      <label>
        Times (HH:MM, comma-separated)
        <input value={fields.times} onChange={set('times')} required inputMode="numeric" autoComplete="off" />
      </label>
      <label>
        Starts on{onCancel ? '' : ' (optional)'}
        <input type="date" value={fields.start_on} onChange={set('start_on')} required={Boolean(onCancel)} />
      </label>
      <label>
        Ends on (optional)
        <input type="date" value={fields.end_on} onChange={set('end_on')} />
      </label>
      <label>
        Notes (optional)
        <textarea value={fields.notes} onChange={set('notes')} maxLength={2000} rows={1} />
      </label>
      <RecordFormButtons label={submitLabel} pending={pending} onCancel={onCancel} />
      {Boolean(error) && (
        <ErrorBox className="health-record__error">
          {recordError(
            error,
            onCancel ? 'Could not save the medication' : 'Could not add the medication',
            'Medication',
          )}
        </ErrorBox>
      )}
    </form>
  )
}
