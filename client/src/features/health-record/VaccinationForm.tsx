// The vaccination's form, one for adding and for editing (pre-filled, Save and Cancel): the fields of
// the record's row; the server checks each (its refusal is shown in the form's words, record-error.ts).
import { type FormEvent, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { cancelOnEscape, RecordFormButtons, useFirstFieldFocus } from './RecordFormButtons.tsx'
import { recordError } from './record-error.ts'

export interface VaccinationFields {
  name: string
  given_on: string
  next_due_on: string
  clinic: string
  notes: string
}

export const EMPTY_VACCINATION: VaccinationFields = {
  name: '',
  given_on: '',
  next_due_on: '',
  clinic: '',
  notes: '',
}

interface Props {
  initial: VaccinationFields
  /** 'Add vaccination' or 'Save'. */
  submitLabel: string
  /** Names the form (an edit's: "Edit Rabies"). */
  label: string
  pending: boolean
  error: unknown
  /** Answers true once saved (the add's form then empties). */
  onSubmit: (fields: VaccinationFields) => Promise<boolean>
  /** An edit's Cancel (and Escape). */
  onCancel?: () => void
}

export function VaccinationForm({ initial, submitLabel, label, pending, error, onSubmit, onCancel }: Props) {
  const [fields, setFields] = useState(initial)
  const first = useFirstFieldFocus<HTMLInputElement>(Boolean(onCancel))
  const set = (key: keyof VaccinationFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if ((await onSubmit(fields)) && !onCancel) setFields(EMPTY_VACCINATION)
  }
  return (
    <form
      className="health-record__form"
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <label>
        Vaccine
        <input
          value={fields.name}
          onChange={set('name')}
          required
          maxLength={120}
          autoComplete="off"
          ref={first}
        />
      </label>
      <label>
        Given on
        <input type="date" value={fields.given_on} onChange={set('given_on')} required />
      </label>
      <label>
        Next due (optional)
        <input type="date" value={fields.next_due_on} onChange={set('next_due_on')} />
      </label>
      <label>
        Clinic (optional)
        <input value={fields.clinic} onChange={set('clinic')} maxLength={200} autoComplete="off" />
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
            onCancel ? 'Could not save the vaccination' : 'Could not add the vaccination',
            'Vaccine',
          )}
        </ErrorBox>
      )}
    </form>
  )
}
