// A reply stream as the chat reads it (issue 20): its pieces as they come, then the urgency the server
// stored with it (the stream's return value). A `for await` loop would drop that return value.
import type { UrgencyLevel } from '../../../../shared/schemas/conversation.ts'

export async function readReply(
  stream: AsyncIterable<string, { urgency: UrgencyLevel } | undefined>,
  onPiece: (piece: string) => void | Promise<void>,
): Promise<UrgencyLevel | undefined> {
  const iterator = stream[Symbol.asyncIterator]()
  for (;;) {
    const result = await iterator.next()
    if (result.done) return result.value ? result.value.urgency : undefined
    await onPiece(result.value)
  }
}
