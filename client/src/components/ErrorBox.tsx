import type { ReactNode } from 'react'

/** A button after the message that tries the failed step again ("Retry", "Try again"). */
export interface ErrorBoxAction {
  label: string
  onClick: () => void
  /** Extra classes beside `btn btn--secondary` (e.g. the chat's smaller `chat__retry`). */
  className?: string
}

export interface ErrorBoxProps {
  /** What went wrong, in words: a sentence, or paragraphs of its own. */
  children: ReactNode
  id?: string
  /** Extra classes beside `error-box` (its place on the screen). */
  className?: string
  action?: ErrorBoxAction | null | undefined
}

/**
 * The one error box (`.error-box`, announced as an alert). A sentence is a paragraph; a message with an
 * action, or made of paragraphs, sits in a block with the action's button after it.
 */
export function ErrorBox({ children, id, className, action }: ErrorBoxProps) {
  const classes = className ? `error-box ${className}` : 'error-box'
  if (!action && typeof children === 'string') {
    return (
      <p id={id} className={classes} role="alert">
        {children}
      </p>
    )
  }
  return (
    <div id={id} className={classes} role="alert">
      {action ? <p>{children}</p> : children}
      {action && (
        <button
          type="button"
          className={action.className ? `btn btn--secondary ${action.className}` : 'btn btn--secondary'}
          onClick={action.onClick}
        >
          {action.label}
        </button>
      )}
    </div>
  )
}
