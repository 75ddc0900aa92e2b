// A model's own judgement of urgency: the reply's first line, `{"urgency":"urgent"}`, read
// and removed from the stream. A reply without it passes through untouched, piece for piece.
import type { Urgency } from '../../knowledge/index.ts'

/** Longer than any urgency line: a reply that starts with `{` and runs on is just text. */
const MAX_LINE_CHARS = 80
const LINE = /^\s*\{\s*"urgency"\s*:\s*"(routine|urgent|emergency)"\s*\}\s*$/

export async function* withoutUrgencyLine(
  pieces: AsyncIterable<string>,
  onUrgency: (urgency: Urgency) => void,
): AsyncGenerator<string, void, undefined> {
  let head = ''
  let deciding = true
  for await (const piece of pieces) {
    if (!deciding) {
      yield piece
      continue
    }
    head += piece
    const start = head.trimStart()
    if (start === '') continue
    if (!start.startsWith('{')) {
      deciding = false
      yield head
      continue
    }
    const newline = head.indexOf('\n', head.indexOf('{'))
    if (newline === -1 && head.length < MAX_LINE_CHARS) continue
    deciding = false
    const line = newline === -1 ? head : head.slice(0, newline)
    const match = LINE.exec(line)
    if (!match) {
      yield head
      continue
    }
    onUrgency(match[1] as Urgency)
    const rest = head.slice(newline + 1).replace(/^\s+/, '')
    if (rest) yield rest
  }
  // A reply that was only the urgency line, or only an unfinished head, keeps what it had.
  if (deciding && head.trim() !== '') {
    const match = LINE.exec(head)
    if (match) onUrgency(match[1] as Urgency)
    else yield head
  }
}
