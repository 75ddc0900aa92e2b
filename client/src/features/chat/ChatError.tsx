import { ErrorBox } from '../../components/ErrorBox.tsx'
/** A failure in a chat, in words, with a Retry when the step can be tried again. */
export function ChatError({ message, onRetry }: { message: string; onRetry?: (() => void) | null }) {
  return (
    <ErrorBox
      className="chat__error"
      action={onRetry && { label: 'Retry', onClick: onRetry, className: 'chat__retry' }}
    >
      {message}
    </ErrorBox>
  )
}
