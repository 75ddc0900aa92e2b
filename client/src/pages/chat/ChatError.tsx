/** A failure in a chat, in words, with a Retry when the step can be tried again. */
export function ChatError({ message, onRetry }: { message: string; onRetry?: (() => void) | null }) {
  return (
    <div className="error-box chat__error" role="alert">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn--secondary chat__retry" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  )
}
