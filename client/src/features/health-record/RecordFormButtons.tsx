// The buttons under a health-record form: the add's one button, or an edit's Save and Cancel; an edit
// opens with the focus in its first field, and Escape cancels it.
import { type KeyboardEvent, useEffect, useRef } from 'react'

export function RecordFormButtons({
  label,
  pending,
  disabled = false,
  onCancel,
}: {
  label: string
  pending: boolean
  /** Not ready to send (the add's file not chosen yet). */
  disabled?: boolean
  onCancel?: (() => void) | undefined
}) {
  return (
    <div className="health-record__buttons">
      <button type="submit" className="btn btn--primary" disabled={pending || disabled}>
        {pending ? 'Saving…' : label}
      </button>
      {onCancel && (
        <button type="button" className="btn btn--secondary" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  )
}

/** Escape cancels an edit, as its Cancel button does. */
export const cancelOnEscape = (onCancel?: () => void) => (event: KeyboardEvent) => {
  if (onCancel && event.key === 'Escape') {
    event.preventDefault()
    onCancel()
  }
}

/** A ref for the form's first field, focused once when the form opens for an edit (`active`). */
export function useFirstFieldFocus<T extends HTMLElement>(active: boolean) {
  const ref = useRef<T>(null)
  const once = useRef(active)
  useEffect(() => {
    if (once.current) ref.current?.focus()
  }, [])
  return ref
}
