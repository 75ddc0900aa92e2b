import { type FormEvent, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react'
import { CHAT_MESSAGE_MAX_CHARS } from '../../../../shared/constants.ts'

export const COMPOSER_MIN_HEIGHT = 56
export const COMPOSER_MAX_HEIGHT = 150
/** From here on the box shows how long the message is: the limit is near. */
export const COMPOSER_COUNT_FROM = CHAT_MESSAGE_MAX_CHARS - 500

const number = (n: number) => n.toLocaleString('en-US')

/** '' while the text is short; the count near the limit; the count and what to do past it. */
export function lengthNote(length: number): string {
  if (length < COMPOSER_COUNT_FROM) return ''
  const count = `${number(length)} / ${number(CHAT_MESSAGE_MAX_CHARS)}`
  return length > CHAT_MESSAGE_MAX_CHARS
    ? `${count}: too long to send. Shorten it, or send it in two messages.`
    : count
}

export interface ComposerProps {
  value: string
  onChange: (value: string) => void
  onSend: (text: string) => void
  /** Sending is not possible now (not connected, typing…); the box itself stays usable unless inputDisabled. */
  sendDisabled?: boolean
  inputDisabled?: boolean
  placeholder?: string
  label?: string
  streaming?: boolean
  onStop?: () => void
  /** Before the message box (the photo button). */
  tools?: ReactNode
}

/**
 * The message box (docs/product.md §2, §5): Enter sends, Shift+Enter adds a line, the box grows from 56 px to
 * at most 150 px. Blank text is never sent. While a reply streams, Stop takes the send button's place.
 */
export function Composer(props: ComposerProps) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const blank = props.value.trim() === ''
  // A paste past the limit is kept whole (never cut silently); it cannot be sent until it is shortened.
  const tooLong = props.value.length > CHAT_MESSAGE_MAX_CHARS
  const note = lengthNote(props.value.length)
  const canSend = !props.sendDisabled && !props.inputDisabled && !blank && !tooLong

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const box = ref.current
    if (!box) return
    box.style.height = `${COMPOSER_MIN_HEIGHT}px`
    const wanted = Math.min(COMPOSER_MAX_HEIGHT, Math.max(COMPOSER_MIN_HEIGHT, box.scrollHeight))
    box.style.height = `${wanted}px`
    box.style.overflowY = box.scrollHeight > COMPOSER_MAX_HEIGHT ? 'auto' : 'hidden'
  }, [props.value])

  const send = () => {
    if (canSend) props.onSend(props.value.trim())
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }

  return (
    <form className="chat__composer" onSubmit={onSubmit}>
      {props.tools}
      <label className="sr-only" htmlFor="chat-input">
        {props.label ?? 'Your message'}
      </label>
      <textarea
        id="chat-input"
        ref={ref}
        className="chat__input"
        rows={1}
        value={props.value}
        placeholder={props.placeholder ?? 'Type your message…'}
        disabled={props.inputDisabled}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby="chat-input-count"
        aria-invalid={tooLong || undefined}
        enterKeyHint="send"
      />
      <p
        id="chat-input-count"
        className={tooLong ? 'chat__count chat__count--over' : 'chat__count'}
        aria-live="polite"
      >
        {note}
      </p>
      {props.streaming && props.onStop ? (
        <button type="button" className="btn btn--secondary chat__send" onClick={props.onStop}>
          Stop
        </button>
      ) : (
        <button type="submit" className="btn btn--primary chat__send" disabled={!canSend}>
          Send
        </button>
      )}
    </form>
  )
}
