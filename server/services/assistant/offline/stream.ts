// Streams a finished reply in small pieces at a live model's pace (the offline reply no
// longer lands all at once after the typing dots), and stops on abort.
import { setTimeout as sleep } from 'node:timers/promises'

/** Words per piece: small enough to feel live, large enough not to flood the connection. */
const WORDS_PER_PIECE = 6

/**
 * Pause between pieces: 6 words every 50 ms is about 120 words a second, the pace of a fast hosted
 * model; faster than anyone reads, slow enough that the reply visibly writes itself (a 1,900-character
 * answer takes under 3 s).
 */
export const PIECE_INTERVAL_MS = 50

/** Splits text into groups of words, keeping every space and newline so the pieces join back exactly. */
export function splitIntoPieces(text: string, wordsPerPiece = WORDS_PER_PIECE): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? []
  const pieces: string[] = []
  for (let start = 0; start < words.length; start += wordsPerPiece) {
    pieces.push(words.slice(start, start + wordsPerPiece).join(''))
  }
  return pieces
}

export async function* streamPieces(
  text: string,
  signal?: AbortSignal,
  intervalMs = PIECE_INTERVAL_MS,
): AsyncGenerator<string> {
  let first = true
  for (const piece of splitIntoPieces(text)) {
    if (!first) await sleep(intervalMs, undefined, { signal }).catch(() => {})
    first = false
    if (signal?.aborted) return
    yield piece
  }
}
