// A cat's open escalation (docs/product.md §4 "Chat room"): opened by an urgent or emergency reply about
// the cat, held by the cat in every conversation about it (not by the last reply on screen), raised by a
// more urgent sign, and closed when the owner says the cat was seen or that it was a mistake. Another
// cat's chat never reads it.
import type { Db } from '../../db.ts'
import type { Escalation } from '../../generated/prisma/client.ts'
import { higherUrgency, isUrgency, type Urgency } from './triage.ts'

type OpenLevel = Exclude<Urgency, 'routine'>

/** The cat's open escalation, if it has one. */
function openEscalation(db: Db, catId: number): Promise<Escalation | null> {
  return db.escalation.findFirst({ where: { catId, closedAt: null }, orderBy: { id: 'desc' } })
}

/** The level the cat's open escalation holds ('routine' when none). */
export async function heldLevel(db: Db, catId: number | null): Promise<Urgency> {
  if (catId === null) return 'routine'
  const open = await openEscalation(db, catId)
  return open && isUrgency(open.urgency) ? open.urgency : 'routine'
}

/** The levels the cats' open escalations hold, by cat id: one read for all of an owner's cats. */
export async function heldLevels(db: Db, catIds: readonly number[]): Promise<Map<number, Urgency>> {
  if (catIds.length === 0) return new Map()
  const open = await db.escalation.findMany({
    where: { catId: { in: [...catIds] }, closedAt: null },
    orderBy: { id: 'asc' },
  })
  // Ordered by id, so a cat's latest open escalation is the one kept.
  return new Map(open.flatMap((row) => (isUrgency(row.urgency) ? [[row.catId, row.urgency] as const] : [])))
}

/**
 * Opens the cat's escalation with the reply `messageId`, or raises the open one to a higher level (a
 * new sign more urgent than the one held). Serialised per cat by a row lock, so two replies finishing
 * at once open one escalation between them.
 */
export async function holdEscalation(
  db: Db,
  reply: {
    catId: number
    conversationId: number
    messageId: number
    urgency: OpenLevel
    sign: string | null
  },
): Promise<void> {
  await db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM cats WHERE id = ${reply.catId} FOR UPDATE`
    const open = await tx.escalation.findFirst({
      where: { catId: reply.catId, closedAt: null },
      orderBy: { id: 'desc' },
    })
    if (!open) {
      await tx.escalation.create({ data: { ...reply } })
      return
    }
    const held = isUrgency(open.urgency) ? open.urgency : 'urgent'
    if (higherUrgency(held, reply.urgency) === held) return
    await tx.escalation.update({
      where: { id: open.id },
      data: { urgency: reply.urgency, sign: reply.sign, messageId: reply.messageId },
    })
  })
}

/** Closes the cat's open escalation (the owner says the cat was seen, or that it was a mistake). */
export async function closeEscalation(db: Db, catId: number, now = new Date()): Promise<void> {
  await db.escalation.updateMany({ where: { catId, closedAt: null }, data: { closedAt: now } })
}

/** The open escalation as the chat screen shows it (its banner), or null. */
export async function escalationView(
  db: Db,
  catId: number | null,
): Promise<{ urgency: OpenLevel; sign: string | null; opened_at: string } | null> {
  if (catId === null) return null
  const open = await openEscalation(db, catId)
  if (!open || (open.urgency !== 'urgent' && open.urgency !== 'emergency')) return null
  return { urgency: open.urgency, sign: open.sign, opened_at: open.openedAt.toISOString() }
}
