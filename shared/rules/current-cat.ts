// The current cat (SPEC §4; a household of cats): the cat the owner chose (the `catId` the
// browser stores, or one a request names) while it is one of theirs, else their newest cat, the one
// with the highest id. Written once; the client's hooks and the server's chat and owner state use it.

/** A chosen id as stored or sent: a positive whole number, or digits; anything else is no choice. */
function chosenId(chosen: number | string | null | undefined): number | null {
  const id = typeof chosen === 'string' && /^\d+$/.test(chosen.trim()) ? Number(chosen) : chosen
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null
}

export function currentCat<T extends { id: number }>(
  cats: readonly T[],
  chosen: number | string | null | undefined,
): T | null {
  const id = chosenId(chosen)
  const picked = id === null ? undefined : cats.find((cat) => cat.id === id)
  if (picked) return picked
  return cats.reduce<T | null>((best, cat) => (best === null || cat.id > best.id ? cat : best), null)
}
