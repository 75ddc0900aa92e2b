import { type ReactNode, useEffect, useId, useRef } from 'react'
import { ErrorBox } from './ErrorBox.tsx'

/**
 * A confirmation before something that cannot be undone (cancelling a subscription, deleting the
 * account): an alert dialog whose safe choice takes focus when it opens, and which Escape closes
 * unless the action is already running.
 */
export function ConfirmDialog(props: {
  title: string
  children: ReactNode
  /** A second line under the question: what the action does (read with it). */
  note?: ReactNode
  /** Shown above the buttons when the action failed. */
  error?: string | null
  busy: boolean
  confirmLabel: string
  busyLabel: string
  cancelLabel: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const titleId = useId()
  const textId = useId()
  const noteId = useId()
  const cancelButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancelButton.current?.focus()
  }, [])
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={props.note ? `${textId} ${noteId}` : textId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !props.busy) props.onCancel()
        }}
      >
        <h2 id={titleId}>{props.title}</h2>
        <p id={textId}>{props.children}</p>
        {props.note && (
          <p id={noteId} className="dialog__note">
            {props.note}
          </p>
        )}
        {props.error && <ErrorBox>{props.error}</ErrorBox>}
        <div className="row dialog__actions">
          <button type="button" className="btn btn--danger" disabled={props.busy} onClick={props.onConfirm}>
            {props.busy ? props.busyLabel : props.confirmLabel}
          </button>
          <button
            ref={cancelButton}
            type="button"
            className="btn btn--secondary"
            disabled={props.busy}
            onClick={props.onCancel}
          >
            {props.cancelLabel}
          </button>
        </div>
      </div>
    </div>
  )
}
