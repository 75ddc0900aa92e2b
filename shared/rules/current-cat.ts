// The current cat (docs/product.md §4; a household of cats): the cat the owner chose (the `catId` the
// browser stores, or one a request names) while it is one of theirs, else their newest cat, the one
// with the highest id. Written once; the client's hooks and the server's chat and owner state use it.

/** A chosen id as stored or sent: a positive whole number, or digits; anything else is no choice. */
function chosenId(chosen: number | string | null | undefined): number | null {
  const id = typeof chosen === 'string' && /^\d+$/.test(chosen.trim()) ? Number(chosen) : chosen
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
}

/**
 * With no choice, the newest of the user's own cats; a cat shared with them (docs/household.md, it has
 * `shared_by`) only when they have none of their own.
 */
export function currentCat<T extends { id: number; shared_by?: string | undefined }>(
  cats: readonly T[],
  chosen: number | string | null | undefined,
): T | null {
  const id = chosenId(chosen)
  const picked = id === null ? undefined : cats.find((cat) => cat.id === id)
  if (picked) return picked
  const own = cats.filter((cat) => cat.shared_by === undefined)
  const pool = own.length > 0 ? own : cats
  return pool.reduce<T | null>((best, cat) => (best === null || cat.id > best.id ? cat : best), null)
}
