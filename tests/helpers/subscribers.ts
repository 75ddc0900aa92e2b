// Owners as the chat and billing tests need them, made straight in the database: a live subscription row
// (as a finished checkout leaves it) and a cat. One place, so every test's subscriber is the same one.
import type { Prisma } from '../../server/generated/prisma/client.ts'
import type { TestApp } from './app.ts'
import { collect } from './streams.ts'

const DAY = 86_400_000

export type SubscriptionFields = Partial<Omit<Prisma.SubscriptionUncheckedCreateInput, 'userId'>>
export type CatFields = Partial<Omit<Prisma.CatUncheckedCreateInput, 'userId'>>

/** A subscription row for `userId`: a day-long Monthly trial at the card provider unless `fields` say otherwise. */
export function grantSubscription(db: TestApp['db'], userId: number, fields: SubscriptionFields = {}) {
  return db.subscription.create({
    data: {
      userId,
      email: `s${userId}@example.com`,
      plan: 'Free Trial',
      startDate: new Date(),
      endDate: new Date(Date.now() + DAY),
      provider: 'stripe',
      billingPeriod: 'Monthly',
      status: 'trialing',
      ...fields,
    },
  })
}

/** A signed-in owner with a live subscription and a cat (Luna, a Persian of 5 unless told): whom the chat is for. */
export async function subscriberWithCat(
  t: Pick<TestApp, 'db' | 'signIn'>,
  options: { cat?: CatFields; subscription?: SubscriptionFields } = {},
) {
  const owner = await t.signIn()
  await grantSubscription(t.db, owner.id, options.subscription)
  const cat = await t.db.cat.create({
    data: { userId: owner.id, name: 'Luna', breed: 'Persian', age: 5, ...options.cat },
  })
  return { owner, cat }
}

/** subscriberWithCat with a tRPC caller and a conversation open (for `session_id`, when given). */
export async function subscriberInChat(
  t: Pick<TestApp, 'db' | 'signIn' | 'caller'>,
  options: {
    cat?: CatFields
    subscription?: SubscriptionFields
    sessionId?: (userId: number) => string
  } = {},
) {
  const { owner, cat } = await subscriberWithCat(t, options)
  const api = await t.caller(owner.token)
  const sessionId = options.sessionId?.(owner.id)
  const conversation = await api.conversation.create(sessionId ? { session_id: sessionId } : {})
  return { user: owner, cat, api, conversation, sessionId }
}

type ChatCaller = Awaited<ReturnType<TestApp['caller']>>
type SendInput = Parameters<ChatCaller['conversation']['send']>[0]

/**
 * The owner's message sent in the chat's conversation (conversation.send, as the chat screen sends it)
 * and the reply read to its end: its text.
 */
export async function sendInChat(
  chat: { api: ChatCaller; conversation: { id: number } },
  message: Omit<SendInput, 'conversationId'>,
): Promise<string> {
  return collect(await chat.api.conversation.send({ conversationId: chat.conversation.id, ...message }))
}

/**
 * The care loop's owner: Ada at `email`, subscribed (provider id `sub_<tag>_<id>`), with Mochi
 * made over REST as the wizard makes a cat, on a daily check-in plan. Returns the owner and Mochi's id.
 */
export async function careSubscriber(t: Pick<TestApp, 'app' | 'db' | 'signIn'>, email: string, tag: string) {
  const owner = await t.signIn(email, { firstName: 'Ada' })
  await grantSubscription(t.db, owner.id, { email, providerSubscriptionId: `sub_${tag}_${owner.id}` })
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/supabase/cats',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { cat_name: 'Mochi', gender: 'Female', weight: 9, unit: 'Lbs', check_in_period: 'Daily' },
  })
  return { owner, catId: res.json().id as number }
}
