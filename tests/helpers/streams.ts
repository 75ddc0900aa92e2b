// Reading a streamed chat reply (conversation.send) as the tests do it, on a caller or over HTTP.

/**
 * Reads `pieces` to their end and calls `stop` once, after the first piece for which `ready(received)`
 * holds (the first piece unless told): how the Stop tests stop a reply mid-stream.
 */
export async function readAndStopOnce(
  pieces: AsyncIterable<string>,
  stop: () => Promise<void>,
  ready: (received: string) => boolean = () => true,
): Promise<{ received: string; stopped: boolean }> {
  let received = ''
  let stopped = false
  for await (const piece of pieces) {
    received += piece
    if (!stopped && ready(received)) {
      stopped = true
      await stop()
    }
  }
  return { received, stopped }
}

/** A stream read to its end, as one text. */
export async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = ''
  for await (const piece of pieces) text += piece
  return text
}

/** A stream read to its end, piece by piece. */
export async function collectPieces(pieces: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = []
  for await (const piece of pieces) out.push(piece)
  return out
}
