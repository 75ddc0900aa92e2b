// A cat's weight log made straight in the database, for the tests that read it back (the report, the
// specialist's instructions).
import type { TestApp } from './app.ts'

/**
 * Logs `weights` (in lb) for the cat, oldest first, one every `everyMs`: the newest `everyMs` ago, the
 * oldest `weights.length * everyMs` ago.
 */
export function logWeights(db: TestApp['db'], catId: number, weights: number[], everyMs: number) {
  const now = Date.now()
  return db.weightEntry.createMany({
    data: weights.map((weight, i) => ({
      catId,
      weight,
      unit: 'Lbs',
      measuredAt: new Date(now - (weights.length - i) * everyMs),
    })),
  })
}
