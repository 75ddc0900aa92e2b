// One writer at a time per conversation or interview: a row lock held for the transaction.
import type { Db } from '../db.ts'

export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0]

export async function lockRow(tx: Tx, table: 'conversations' | 'interviews', id: number): Promise<void> {
  // Table names are fixed literals above, never input; the id is a bound parameter.
  if (table === 'conversations') await tx.$queryRaw`SELECT id FROM conversations WHERE id = ${id} FOR UPDATE`
  else await tx.$queryRaw`SELECT id FROM interviews WHERE id = ${id} FOR UPDATE`
}
