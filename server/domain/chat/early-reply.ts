// An assistant's reply asked for at once, while the second reader's reading is awaited (docs/triage.md
// "The second reader"): the two model round trips overlap instead of adding up before the first token.
// A reply asked in the light of a level the reading then raised is cancelled and asked again.

export interface EarlyReply {
  /** The reply's pieces in order, the first one already on its way. */
  pieces: AsyncIterable<string>
  /** Gives the reply up: its request is aborted and nothing it wrote is read. */
  cancel(): void
}

export function startEarly(
  open: (signal: AbortSignal) => AsyncIterable<string>,
  stop: AbortSignal,
): EarlyReply {
  const controller = new AbortController()
  const onStop = () => controller.abort()
  stop.addEventListener('abort', onStop, { once: true })
  const iterator = open(controller.signal)[Symbol.asyncIterator]()
  const first = iterator.next()
  // Read (and so rethrown) by `pieces`; the failure of a reply given up is nobody's.
  first.catch(() => {})
  async function* pieces(): AsyncGenerator<string, void, undefined> {
    try {
      for (let next = await first; !next.done; next = await iterator.next()) yield next.value
    } finally {
      stop.removeEventListener('abort', onStop)
    }
  }
  return {
    pieces: pieces(),
    cancel() {
      controller.abort()
      stop.removeEventListener('abort', onStop)
      void first.then(() => iterator.return?.()).catch(() => {})
    },
  }
}
