// The token a reminder e-mail's unsubscribe link carries for a plan, as the worker derives it, with its
// hash stored as the worker stores it when the e-mail goes out (server/domain/links/unsubscribe-token.ts).
import {
  hashUnsubscribeToken,
  unsubscribeKey,
  unsubscribeToken,
} from '../../server/domain/links/unsubscribe-token.ts'
import type { TestApp } from './app.ts'

export async function mailedUnsubscribeToken(
  t: Pick<TestApp, 'db' | 'services'>,
  catId: number,
): Promise<string> {
  const plan = await t.db.carePlan.findUniqueOrThrow({ where: { catId } })
  const token = unsubscribeToken(
    unsubscribeKey(t.services.tokens.codePepper),
    catId,
    plan.unsubscribeGeneration,
  )
  await t.db.carePlan.update({ where: { catId }, data: { unsubscribeToken: hashUnsubscribeToken(token) } })
  return token
}
