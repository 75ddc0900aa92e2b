/**
 * Optimal-string-alignment distance: Levenshtein plus adjacent transpositions, so the
 * common typo "persain" is one edit away from "persian", not two.
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1
  const cols = b.length + 1
  const table: number[][] = Array.from({ length: rows }, (_, row) =>
    Array.from({ length: cols }, (_, col) => (row === 0 ? col : col === 0 ? row : 0)),
  )
  const at = (row: number, col: number): number => table[row]?.[col] ?? Number.POSITIVE_INFINITY
  for (let row = 1; row < rows; row++) {
    for (let col = 1; col < cols; col++) {
      const cost = a[row - 1] === b[col - 1] ? 0 : 1
      let best = Math.min(at(row - 1, col) + 1, at(row, col - 1) + 1, at(row - 1, col - 1) + cost)
      if (row > 1 && col > 1 && a[row - 1] === b[col - 2] && a[row - 2] === b[col - 1]) {
        best = Math.min(best, at(row - 2, col - 2) + 1)
      }
      const tableRow = table[row]
      if (tableRow) tableRow[col] = best
    }
  }
  return at(rows - 1, cols - 1)
}

/**
 * How many typos a word of this length may carry and still count as that word: none for
 * short words (too many false friends), then roughly one per five letters.
 */
export function allowedTypos(length: number): number {
  if (length <= 4) return 0
  if (length <= 7) return 1
  if (length <= 11) return 2
  return 3
}
