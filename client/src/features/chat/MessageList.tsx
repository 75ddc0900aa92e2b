import { Fragment, type ReactNode, useEffect, useRef } from 'react'
import type { UiMessage } from '../../chat-message.ts'
import { MessageBubble } from './MessageBubble.tsx'
import { TypingIndicator } from './TypingIndicator.tsx'
import { UrgencyBanner } from './UrgencyBanner.tsx'
import type { SavedVets } from './vet-calls.ts'

/** Room left above a long reply's first line when the view stops at it. */
const START_MARGIN_PX = 8
/** Within this distance of the bottom the owner counts as following the conversation. */
const NEAR_BOTTOM_PX = 48

/**
 * The conversation, oldest first, with the typing indicator under it. It follows new messages down
 * while the owner is at the bottom, but a long reply is followed only until its first line reaches the
 * top of the view (the owner reads it from its start), and following stops as soon as the
 * owner scrolls away. The log takes keyboard focus so it scrolls with the arrow and page keys.
 */
export function MessageList(props: {
  messages: readonly UiMessage[]
  author: string
  typing: boolean
  /** Shown above the messages (a "load earlier" button). */
  before?: ReactNode
  /** Shown under the messages (an error with Retry). */
  after?: ReactNode
  /** The cat's saved vets, named by an urgent reply's banner. */
  vets?: SavedVets | null | undefined
}) {
  const ref = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)
  /** The scroll position this component set last, to tell its own scrolling from the owner's. */
  const ownScroll = useRef<number | null>(null)
  /** A message whose start has reached the top: the view no longer moves for it. */
  const anchored = useRef<string | null>(null)
  const last = props.messages.at(-1)

  /** A reply whose banner the view has moved up to: the urgency comes with the reply's end. */
  const bannerShown = useRef<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: follow every new piece of the last message
  useEffect(() => {
    const box = ref.current
    if (!box || !pinned.current) return
    if (last && anchored.current === last.id) {
      // The banner is drawn above the reply once the stream ends and its urgency is known; the view,
      // anchored at the reply's first line, moves up to it once so a phone shows it.
      const banner = last.role === 'assistant' ? lastBubble(box)?.previousElementSibling : null
      if (
        banner instanceof HTMLElement &&
        banner.classList.contains('urgency') &&
        bannerShown.current !== last.id
      ) {
        bannerShown.current = last.id
        const start =
          banner.getBoundingClientRect().top -
          box.getBoundingClientRect().top +
          box.scrollTop -
          START_MARGIN_PX
        ownScroll.current = Math.max(0, start)
        box.scrollTop = ownScroll.current
      }
      return
    }
    const bottom = box.scrollHeight - box.clientHeight
    let target = bottom
    const bubble = last?.role === 'assistant' ? lastBubble(box) : null
    // An urgent reply is read from its banner: the view stops at the banner, so it stays in view.
    const banner = bubble?.previousElementSibling
    const head = banner instanceof HTMLElement && banner.classList.contains('urgency') ? banner : bubble
    if (head) {
      const start =
        head.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - START_MARGIN_PX
      if (start < bottom) {
        target = Math.max(0, start)
        anchored.current = last?.id ?? null
      }
    }
    ownScroll.current = target
    box.scrollTop = target
  }, [props.messages.length, last?.content, last?.urgency, props.typing, props.after])

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
        if (ownScroll.current !== null && Math.abs(box.scrollTop - ownScroll.current) < 2) return
        ownScroll.current = null
        pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX
      }}
    >
      {props.before}
      {props.messages.map((message) => (
        <Fragment key={message.id}>
          <UrgencyBanner urgency={message.urgency} firstAid={message.firstAid} vets={props.vets} />
          <MessageBubble message={message} author={props.author} />
        </Fragment>
      ))}
      {props.typing && <TypingIndicator name={props.author} />}
      {props.after}
    </div>
  )
}

function lastBubble(box: HTMLElement): HTMLElement | null {
  const bubbles = box.querySelectorAll<HTMLElement>('.bubble[data-role]')
  return bubbles[bubbles.length - 1] ?? null
}
