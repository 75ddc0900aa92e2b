import type { ReactNode, Ref, SelectHTMLAttributes } from 'react'

/** One choice; a plain string is both the value and the label. */
export type SelectOption = string | { value: string; label: string }

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string
  label: ReactNode
  options: readonly SelectOption[]
  /** The first, empty choice ('Select breed'); `placeholderDisabled` keeps it from being picked again. */
  placeholder?: string
  placeholderDisabled?: boolean
  /** Shown under the select; marks it invalid and describes it. */
  error?: string | null | undefined
  ref?: Ref<HTMLSelectElement>
}

/**
 * A labelled select in the form layout (`.field`), TextField's sibling. Its error is not an alert: the
 * screens show it after a change or a blur, beside the choice being made, as their selects always did.
 */
export function SelectField({
  id,
  label,
  options,
  placeholder,
  placeholderDisabled,
  error,
  className,
  ...select
}: SelectFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={className ? `select ${className}` : 'select'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...select}
      >
        {placeholder !== undefined && (
          <option value="" disabled={placeholderDisabled}>
            {placeholder}
          </option>
        )}
        {options.map((option) => {
          const { value, label: text } =
            typeof option === 'string' ? { value: option, label: option } : option
          return (
            <option key={value} value={value}>
              {text}
            </option>
          )
        })}
      </select>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}
