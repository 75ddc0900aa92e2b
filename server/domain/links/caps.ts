// How many live capability links an owner's cats may have (docs/operations.md "Capability links"):
// members' links count against the owner's cap, as their records do against the owner's quotas.
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'

export const LINK_CAPS = {
  /** Live (unrevoked, unexpired) vet-report links over all the owner's cats. */
  shareLinks: 20,
  /** Live calendar feeds over all the owner's cats. */
  calendarFeeds: 10,
} as const

const WHAT: Record<keyof typeof LINK_CAPS, string> = {
  shareLinks: 'live share links',
  calendarFeeds: 'live calendar feeds',
}

/** 409 QUOTA_EXCEEDED when `live` links of `kind` already fill the cap. */
export function refuseOverCap(kind: keyof typeof LINK_CAPS, live: number): void {
  if (live < LINK_CAPS[kind]) return
  throw appError('QUOTA_EXCEEDED', {
    message: `This account has reached its limit of ${LINK_CAPS[kind]} ${WHAT[kind]}: revoke one to make another.`,
  })
}

/** First key of the two-key advisory lock: "link". The second is the owner's id. */
const LINK_LOCK = 0x6c696e6b

export type LinkTx = Parameters<Parameters<Db['$transaction']>[0]>[0]

/**
 * Counts and creates under a transaction-level advisory lock on the owner, so parallel requests (on
 * any instance) cannot both pass the count and overshoot the cap.
 */
export function withinCap<T>(db: Db, ownerId: number, task: (tx: LinkTx) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LINK_LOCK}::int4, ${ownerId}::int4)`
    return task(tx)
  })
}
