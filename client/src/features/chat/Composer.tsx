import { type FormEvent, type KeyboardEvent, type ReactNode, useLayoutEffect, useRef } from 'react'

export const COMPOSER_MIN_HEIGHT = 56
export const COMPOSER_MAX_HEIGHT = 150

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
 * The message box (SPEC §2, §5): Enter sends, Shift+Enter adds a line, the box grows from 56 px to at
 * most 150 px. Blank text is never sent. While a reply streams, Stop takes the send button's place.
 */
export function Composer(props: ComposerProps) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const blank = props.value.trim() === ''
  const canSend = !props.sendDisabled && !props.inputDisabled && !blank

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
        maxLength={4000}
        enterKeyHint="send"
      />
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
