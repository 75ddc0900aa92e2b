// Which messages of a client's list are new (issue 11: every acknowledged message stored exactly once).
//
// The rule, the same for PUT /api/supabase/conversations/{id}, POST /api/openai/chat and tRPC:
// - a message WITH an id is new when no stored message of the conversation has that id;
// - a message WITHOUT an id (SPEC §3 makes ids optional; SPEC's clients send their whole copy) is
//   matched by position: it is already stored when the stored message at the same position has the
//   same role and text, and new otherwise (so a client sending only its newest message is not taken
//   for a copy of the first one);
// - an id repeated inside one list counts once.

export interface ListedMessage {
  id?: string | undefined
  role: 'user' | 'assistant'
  content: string
}

export interface StoredMessage {
  id: number
  role: string
  content: string
}

/** The list without later repeats of an id. */
export function firstOfEachId<T extends ListedMessage>(messages: readonly T[]): T[] {
  const seen = new Set<string>()
  return messages.filter((m) => !m.id || (!seen.has(m.id) && seen.add(m.id)))
}

/**
 * For one slice of the list (starting at `start`), the stored row of each message, or null when the
 * message is new. `byId` holds the stored rows of the slice's ids; `atPosition(p)` the stored row at
 * position p of the conversation (undefined past its end).
 */
export function matchStored(
  slice: readonly ListedMessage[],
  start: number,
  byId: ReadonlyMap<string, number>,
  atPosition: (position: number) => StoredMessage | undefined,
): Array<number | null> {
  return slice.map((message, i) => {
    if (message.id) return byId.get(message.id) ?? null
    const stored = atPosition(start + i)
    return stored && stored.role === message.role && stored.content === message.content ? stored.id : null
  })
}
