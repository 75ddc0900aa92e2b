/** Three bouncing dots in an assistant bubble, announced to screen readers. */
export function TypingIndicator({ name }: { name: string }) {
  return (
    <div className="bubble bubble--assistant bubble--typing" role="status" aria-label={`${name} is typing`}>
      <span className="typing" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
    </div>
  )
}
