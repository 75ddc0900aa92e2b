// One $1.99 trial per owner, and (where the provider fingerprints cards) per card. A paid
// activation fee is the trial: once an owner or a card has one, the next checkout with a trial is
// refused before anything is charged, and the owner may subscribe at the plan's price instead.
import { appError } from '../../errors.ts'
import type { LockedDb } from './owner-lock.ts'

/** Whether the owner ever paid the activation fee (their trial, whatever became of it). */
export async function ownerHadTrial(db: LockedDb, ownerId: number): Promise<boolean> {
  const paid = await db.payment.findFirst({
    where: { userId: ownerId, status: 'succeeded' },
    select: { id: true },
  })
  return paid !== null
}

/** Refuses a trial checkout for an owner who already had theirs. */
export async function refuseSecondTrial(db: LockedDb, ownerId: number): Promise<void> {
  if (await ownerHadTrial(db, ownerId)) throw appError('TRIAL_ALREADY_USED')
}

/** Refuses a trial on a card that already paid for one (any owner's). */
export async function refuseCardTrial(db: LockedDb, fingerprint: string | null): Promise<void> {
  if (fingerprint === null) return
  const used = await db.payment.findFirst({
    where: { cardFingerprint: fingerprint, status: 'succeeded' },
    select: { id: true },
  })
  if (used) throw appError('TRIAL_ALREADY_USED')
}
