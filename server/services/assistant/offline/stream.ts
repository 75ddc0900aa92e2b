// Streams a finished reply in small pieces, the way a live model would, and stops on abort.

/** Words per piece: small enough to feel live, large enough not to flood the connection. */
const WORDS_PER_PIECE = 6

/** Splits text into groups of words, keeping every space and newline so the pieces join back exactly. */
export function splitIntoPieces(text: string, wordsPerPiece = WORDS_PER_PIECE): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? []
  const pieces: string[] = []
  for (let start = 0; start < words.length; start += wordsPerPiece) {
    pieces.push(words.slice(start, start + wordsPerPiece).join(''))
  }
  return pieces
}

export async function* streamPieces(text: string, signal?: AbortSignal): AsyncGenerator<string> {
  for (const piece of splitIntoPieces(text)) {
    if (signal?.aborted) return
    yield piece
  }
}
