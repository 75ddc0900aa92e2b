import type { InputHTMLAttributes, ReactNode, Ref } from 'react'

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string
  label: ReactNode
  /** Shown under the input and announced; marks the input invalid and describes it. */
  error?: string | null | undefined
  /**
   * Whether the error is an alert, read out the moment it appears (the default: an error a submit shows).
   * False for an error shown as the owner types or leaves the field, which an alert would read out at
   * each keystroke; the input still names it through aria-describedby, as SelectField's does.
   */
  errorAlert?: boolean
  /** Read by screen readers only, describing the input while there is no error (e.g. "6 digits"). */
  srHint?: ReactNode
  ref?: Ref<HTMLInputElement>
}

/** A labelled text input in the form layout (`.field`), with its error message when there is one. */
export function TextField({
  id,
  label,
  error,
  errorAlert = true,
  srHint,
  className,
  ...input
}: TextFieldProps) {
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={className ? `input ${className}` : 'input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : srHint ? hintId : undefined}
        {...input}
      />
      {srHint && (
        <p id={hintId} className="sr-only">
          {srHint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role={errorAlert ? 'alert' : undefined}>
          {error}
        </p>
      )}
    </div>
  )
}
