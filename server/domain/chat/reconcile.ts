// Which messages of a client's list are new (every acknowledged message stored exactly once).
//
// The rule, the same for PUT /api/supabase/conversations/{id}, POST /api/openai/chat and tRPC:
// - a message WITH an id is new when no stored message of the conversation has that id;
// - a message WITHOUT an id but with a timestamp (docs/product.md §3 makes ids optional) is known by its
//   role, text and timestamp in the conversation: it is stored under a key made of those (messageKey), so a
//   client resending its newest message after a lost answer finds the first copy and its reply;
// - a message without an id that no key finds (a message stored before keys existed, one with no
//   timestamp, or the reply the client kept with a timestamp of its own) is matched by position: it is
//   already stored when the stored message at the same position has the same role and text, and new
//   otherwise (so a client sending only its newest message is not taken for a copy of the first one);
// - an id repeated inside one list counts once.
import { createHash } from 'node:crypto'

export interface ListedMessage {
  id?: string | undefined
  role: 'user' | 'assistant'
  content: string
  timestamp?: string | number | undefined
}

/**
 * The stored client id of a message sent without one: its role, text and timestamp (the conversation
 * is the other half of the unique index). Null without a timestamp: nothing tells two sends apart then.
 */
export function messageKey(message: ListedMessage): string | null {
  if (message.id || message.timestamp === undefined) return null
  const timestamp = `${typeof message.timestamp}:${message.timestamp}`
  const digest = createHash('sha256')
    .update(`${message.role}\0${timestamp}\0${message.content}`)
    .digest('base64url')
  return `key-${digest}`
}

/** The id the message is looked up by: the client's, else its key. */
export const lookupId = (message: ListedMessage): string | null => message.id || messageKey(message)

export interface StoredMessage {
  id: number
  role: string
  content: string
}

/** The list without later repeats of an id (or of a message's key: the same message twice). */
export function firstOfEachId<T extends ListedMessage>(messages: readonly T[]): T[] {
  const seen = new Set<string>()
  return messages.filter((m) => {
    const id = lookupId(m)
    return !id || (!seen.has(id) && seen.add(id))
  })
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
    const key = messageKey(message)
    const keyed = key ? byId.get(key) : undefined
    if (keyed !== undefined) return keyed
    const stored = atPosition(start + i)
    return stored && stored.role === message.role && stored.content === message.content ? stored.id : null
  })
}
