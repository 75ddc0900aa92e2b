// "Download my data" and "Delete account" (issue 12): the owner takes everything of theirs, or erases it.
import type { FastifyBaseLogger } from 'fastify'
import type { Services } from '../../context.ts'
import type { SessionUser } from '../../services/tokens.ts'
import { cancelOwnerSubscriptions } from '../billing/index.ts'

/**
 * One JSON document of the owner's records: the account (never its password hash), cats with their
 * photos (base64), conversations and interviews with their messages, subscriptions and payments, and the
 * chat photos listed without their bytes (each is GET /api/chat/attachments/{id}: an owner with hundreds
 * of them would otherwise make one document of hundreds of MB).
 * Every query names the owner, so nothing of anyone else can be in it.
 */
export async function exportAccount(services: Services, userId: number) {
  const { db } = services
  const [user, cats, conversations, interviews, subscriptions, payments, chatPhotos] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: userId },
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        fullName: true,
        avatarUrl: true,
        billingPeriod: true,
        emailVerifiedAt: true,
        createdAt: true,
        passwordHash: true,
      },
    }),
    db.cat.findMany({ where: { userId }, orderBy: { id: 'asc' } }),
    db.conversation.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
      include: { messages: { orderBy: { id: 'asc' } } },
    }),
    db.interview.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
      include: { messages: { orderBy: { id: 'asc' } } },
    }),
    db.subscription.findMany({ where: { userId }, orderBy: { id: 'asc' } }),
    db.payment.findMany({ where: { userId }, orderBy: { id: 'asc' } }),
    db.chatAttachment.findMany({
      where: { userId },
      orderBy: { id: 'asc' },
      select: {
        id: true,
        conversationId: true,
        mimetype: true,
        width: true,
        height: true,
        bytes: true,
        createdAt: true,
      },
    }),
  ])
  const { passwordHash, ...account } = user
  return {
    exported_at: new Date().toISOString(),
    account: { ...account, hasPassword: passwordHash !== null },
    cats: cats.map(({ photo, ...cat }) => ({
      ...cat,
      photo: photo ? Buffer.from(photo).toString('base64') : null,
    })),
    conversations,
    interviews,
    subscriptions,
    payments,
    chat_photos: chatPhotos,
  }
}

/**
 * Erases the account: live subscriptions are cancelled at their provider first (a failure stops the
 * deletion, so nobody is charged for an account that is gone), then the user row, which takes every
 * other row of the owner with it (ON DELETE CASCADE: cats and photos, conversations, interviews,
 * subscriptions, payments, sessions). The sessions this instance remembered are forgotten at once.
 */
export async function deleteAccount(services: Services, user: SessionUser, log: FastifyBaseLogger) {
  const { db } = services
  const { payments, paypal, config } = services
  const cancelled = await cancelOwnerSubscriptions({ db, payments, paypal, config, log }, user.id)
  const sessions = await db.session.findMany({ where: { userId: user.id }, select: { id: true } })
  await db.$transaction([
    // Codes are kept by address, not by account.
    db.otpCode.deleteMany({ where: { email: { in: [user.email, `password:${user.email}`] } } }),
    db.user.deleteMany({ where: { id: user.id } }),
  ])
  services.tokens.forgetSessions(sessions.map((s) => s.id))
  log.info({ userId: user.id, cancelled }, 'account deleted')
}
