// How much one owner may store, and one interview hold: without these an owner could fill the disk (or,
// through "Download my data", the server's memory) with cats and their photos, conversations, messages,
// chat photos, weights and the health record. Free accounts get less than subscribers. The figures are in docs/api.md's
// "Limits and quotas" table; a visitor's address is bounded by rate limits
// (server/services/rate-limits.ts: visitorInterviewPerIp, visitorInterviewsPerIpDaily).
import type { Db } from '../db.ts'
import { appError } from '../errors.ts'
import { hasActiveSubscription } from './billing/entitlement.ts'
import type { Tx } from './row-lock.ts'

export type Tier = 'free' | 'subscriber'

const PER_OWNER = {
  /** Cats; each holds at most one photo (5 MB), so at most 250 MB of photos. */
  cats: { free: 50, subscriber: 50 },
  /** Conversations with the specialist. */
  conversations: { free: 5, subscriber: 20 },
  /** Stored chat messages over all the owner's conversations. */
  messages: { free: 1_000, subscriber: 10_000 },
  /** Characters of those messages together (each message at most CHAT_MESSAGE_MAX_CHARS). */
  messageCharacters: { free: 200_000, subscriber: 4_000_000 },
  /** Chat photos no message has carried yet (deleted a day after their upload). */
  unsentChatPhotos: { free: 4, subscriber: 20 },
  /** Chat photos kept in all (each at most 1568 px on its long side). */
  chatPhotos: { free: 20, subscriber: 500 },
  /** Weights logged for one cat. */
  weightsPerCat: { free: 1_000, subscriber: 5_000 },
  /** Documents of the health record (each at most 10 MB), over all the owner's cats. */
  documents: { free: 10, subscriber: 200 },
  /** Medications of the health record, over all the owner's cats. */
  medications: { free: 20, subscriber: 200 },
  /** Vaccinations of the health record, over all the owner's cats. */
  vaccinations: { free: 50, subscriber: 500 },
  /** Doses logged for one medication (several a day for years). */
  dosesPerMedication: { free: 2_000, subscriber: 10_000 },
} as const

export type OwnerQuota = keyof typeof PER_OWNER

export const QUOTAS = {
  ...PER_OWNER,
  /** Messages one interview keeps (a whole interview needs a few dozen). */
  interviewMessages: 500,
} as const

const WHAT: Record<OwnerQuota | 'interviewMessages', string> = {
  cats: 'cats',
  conversations: 'conversations',
  messages: 'chat messages',
  messageCharacters: 'characters of chat messages',
  unsentChatPhotos: 'chat photos not sent yet',
  chatPhotos: 'chat photos',
  weightsPerCat: 'weights for one cat',
  documents: 'documents',
  medications: 'medications',
  vaccinations: 'vaccinations',
  dosesPerMedication: 'doses for one medication',
  interviewMessages: 'messages in one interview',
}

function refuse(kind: keyof typeof WHAT, figure: number): never {
  throw appError('QUOTA_EXCEEDED', {
    message: `This account has reached its limit of ${figure.toLocaleString('en-US')} ${WHAT[kind]}.`,
  })
}

/** Which column of the table applies: an active or trialing subscription is a subscriber's. */
export async function tierOf(db: Db, ownerId: number): Promise<Tier> {
  return (await hasActiveSubscription(db, ownerId)) ? 'subscriber' : 'free'
}

export function quotaOf(kind: OwnerQuota, tier: Tier): number {
  return PER_OWNER[kind][tier]
}

async function stored(db: Db | Tx, ownerId: number, kind: OwnerQuota, catId?: number): Promise<number> {
  switch (kind) {
    case 'cats':
      return db.cat.count({ where: { userId: ownerId } })
    case 'conversations':
      return db.conversation.count({ where: { userId: ownerId } })
    case 'messages':
      return db.conversationMessage.count({ where: { conversation: { userId: ownerId } } })
    case 'messageCharacters': {
      const [row] = await db.$queryRaw<{ n: bigint | number | null }[]>`
        SELECT coalesce(sum(char_length(m.content)), 0) AS n
        FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.user_id = ${ownerId}`
      return Number(row?.n ?? 0)
    }
    case 'unsentChatPhotos':
      return db.chatAttachment.count({ where: { userId: ownerId, conversationId: null } })
    case 'chatPhotos':
      return db.chatAttachment.count({ where: { userId: ownerId } })
    case 'weightsPerCat':
      return db.weightEntry.count({ where: { catId: catId ?? -1 } })
    case 'documents':
      return db.catDocument.count({ where: { cat: { userId: ownerId } } })
    case 'medications':
      return db.medication.count({ where: { cat: { userId: ownerId } } })
    case 'vaccinations':
      return db.vaccination.count({ where: { cat: { userId: ownerId } } })
    case 'dosesPerMedication':
      return db.medicationDose.count({ where: { medicationId: catId ?? -1 } })
  }
}

/**
 * Refuses (409 QUOTA_EXCEEDED) `adding` more of `kind` (1 by default: one new record) when the owner's
 * stored amount and it together would pass the owner's figure. `tier` when the caller knows it already.
 */
export async function requireRoom(
  db: Db | Tx,
  ownerId: number,
  kind: OwnerQuota,
  /** `catId`: the cat of a per-cat figure, or the medication of dosesPerMedication. */
  options: { adding?: number; tier?: Tier; catId?: number } = {},
): Promise<void> {
  const tier = options.tier ?? (await tierOf(db as Db, ownerId))
  const figure = quotaOf(kind, tier)
  const count = await stored(db, ownerId, kind, options.catId)
  if (count + (options.adding ?? 1) > figure) refuse(kind, figure)
}

/**
 * `insert` run only when there is room for it, under a lock of the owner's `kind` (of the medication,
 * for dosesPerMedication): adds at once are counted one after the other, so 150 parallel adds store at
 * most the figure. A transaction-scoped advisory lock: it ends with the transaction, and it locks no
 * row anyone else reads or writes.
 */
export async function withRoom<T>(
  db: Db,
  ownerId: number,
  kind: OwnerQuota,
  options: { adding?: number; catId?: number },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  const tier = await tierOf(db, ownerId)
  const lockId = options.catId ?? ownerId
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`quota:${kind}`}), ${lockId}::int)`
    await requireRoom(tx, ownerId, kind, { ...options, tier })
    return insert(tx)
  })
}

/** Refuses new messages for an interview that already holds the most allowed. */
export async function requireInterviewRoom(db: Db, interviewId: number): Promise<void> {
  const count = await db.interviewMessage.count({ where: { interviewId } })
  if (count >= QUOTAS.interviewMessages) refuse('interviewMessages', QUOTAS.interviewMessages)
}
