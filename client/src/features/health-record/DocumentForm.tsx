// The document's form, one for adding (title, kind and the file) and for editing (title and kind,
// pre-filled, Save and Cancel: the file stays as stored). Refusals in the form's words (record-error.ts).
import { type FormEvent, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { cancelOnEscape, RecordFormButtons, useFirstFieldFocus } from './RecordFormButtons.tsx'
import { recordError } from './record-error.ts'

export const KINDS = ['lab', 'vaccination', 'invoice', 'other'] as const
export type DocumentKind = (typeof KINDS)[number]

export interface DocumentFields {
  title: string
  kind: DocumentKind
  /** The add's file; an edit has none. */
  file: File | null
}

export const EMPTY_DOCUMENT: DocumentFields = { title: '', kind: 'lab', file: null }

interface Props {
  initial: DocumentFields
  submitLabel: string
  label: string
  pending: boolean
  error: unknown
  onSubmit: (fields: DocumentFields) => Promise<boolean>
  onCancel?: () => void
}

export function DocumentForm({ initial, submitLabel, label, pending, error, onSubmit, onCancel }: Props) {
  const [fields, setFields] = useState(initial)
  const first = useFirstFieldFocus<HTMLInputElement>(Boolean(onCancel))
  const adding = !onCancel
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (adding && !fields.file) return
    const form = event.currentTarget
    if ((await onSubmit(fields)) && adding) {
      setFields(EMPTY_DOCUMENT)
      form.reset()
    }
  }
  return (
    <form
      className="health-record__form"
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      onKeyDown={cancelOnEscape(onCancel)}
    >
      <label>
        Title
        <input
          ref={first}
          value={fields.title}
          onChange={(e) => setFields((f) => ({ ...f, title: e.target.value }))}
          required
          maxLength={200}
          autoComplete="off"
        />
      </label>
      <label>
        Kind
        <select
          value={fields.kind}
          onChange={(e) => setFields((f) => ({ ...f, kind: e.target.value as DocumentKind }))}
        >
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </label>
      {adding && (
        <label>
          File (PDF or photo, up to 10 MB)
          <input
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null
              setFields((f) => ({ ...f, file }))
            }}
          />
        </label>
      )}
      <RecordFormButtons
        label={submitLabel}
        pending={pending}
        disabled={adding && !fields.file}
        onCancel={onCancel}
      />
      {Boolean(error) && (
        <ErrorBox className="health-record__error">
          {recordError(error, adding ? 'Could not add the document' : 'Could not save the document', 'Title')}
        </ErrorBox>
      )}
    </form>
  )
}
