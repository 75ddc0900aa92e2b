import { type ReactNode, useEffect, useRef } from 'react'
import { MessageBubble } from './MessageBubble.tsx'
import { TypingIndicator } from './TypingIndicator.tsx'
import type { UiMessage } from './types.ts'

/**
 * The conversation, oldest first, with the typing indicator under it. It follows new messages to the
 * bottom unless the owner has scrolled up to read older ones.
 */
export function MessageList(props: {
  messages: readonly UiMessage[]
  author: string
  typing: boolean
  /** Shown above the messages (a "load earlier" button). */
  before?: ReactNode
  /** Shown under the messages (an error with Retry). */
  after?: ReactNode
}) {
  const ref = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)
  const last = props.messages.at(-1)

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow every new piece of the last message
  useEffect(() => {
    const box = ref.current
    if (box && pinned.current) box.scrollTop = box.scrollHeight
  }, [props.messages.length, last?.content, props.typing, props.after])

  return (
    <div
      className="chat__messages"
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label="Conversation"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log must take focus to scroll by keyboard (axe: scrollable-region-focusable)
      tabIndex={0}
      onScroll={(event) => {
        const box = event.currentTarget
        pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < 48
      }}
    >
      {props.before}
      {props.messages.map((message) => (
        <MessageBubble key={message.id} message={message} author={props.author} />
      ))}
      {props.typing && <TypingIndicator name={props.author} />}
      {props.after}
    </div>
  )
}
