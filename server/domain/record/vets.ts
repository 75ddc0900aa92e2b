// The cat's usual and emergency vets (docs/product.md §11): one row per cat, each vet or null.
import { type Vet, type VetsUpdate, vetSchema } from '../../../shared/schemas/vets.ts'
import type { Db } from '../../db.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import { careCat } from '../care/care-cat.ts'
import { logActivity } from '../household/activity.ts'

/** A stored vet, read back through its schema (a row written by hand stays harmless). */
export function readVet(value: unknown): Vet | null {
  const parsed = vetSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

const column = (vet: Vet | null) => (vet === null ? Prisma.DbNull : vet)

function toVet(input: { name: string; phone: string; address?: string | null | undefined }): Vet {
  return { name: input.name, phone: input.phone, address: input.address || null }
}

export async function getVets(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId, 'read')
  const row = await db.catVets.findUnique({ where: { catId: cat.id } })
  return { usual: readVet(row?.usual), emergency: readVet(row?.emergency) }
}

/** Sets the vets sent (null clears one); a vet not sent stays as it was. */
export async function updateVets(db: Db, userId: number, change: VetsUpdate) {
  const cat = await careCat(db, userId, change.cat_id, 'manage')
  const data: { usual?: ReturnType<typeof column>; emergency?: ReturnType<typeof column> } = {}
  if (change.usual !== undefined) data.usual = column(change.usual && toVet(change.usual))
  if (change.emergency !== undefined) data.emergency = column(change.emergency && toVet(change.emergency))
  await db.catVets.upsert({ where: { catId: cat.id }, create: { catId: cat.id, ...data }, update: data })
  await logActivity(db, {
    catId: cat.id,
    authorId: userId,
    kind: 'record_changed',
    summary: 'Changed the vets',
  })
  return getVets(db, userId, cat.id)
}
