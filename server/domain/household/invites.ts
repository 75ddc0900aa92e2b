// Invitations into an owner's household (docs/household.md): the owner invites an address as family or
// sitter, for some or all of their cats; the link's token is 256 random bits, kept only as its SHA-256,
// works once and for 7 days, and only a session of the invited address can accept it (anyone else: 404).
import { createHash, randomBytes } from 'node:crypto'
import {
  type HouseholdRoleName,
  INVITE_DAYS,
  type InviteInput,
  SITTER_DAYS_DEFAULT,
} from '../../../shared/schemas/household.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import type { Mailer } from '../../services/mail.ts'
import { liveMembership } from './access.ts'
import { inviteLink, inviteMail } from './invite-mail.ts'

const DAY_MS = 86_400_000
/** Invitations an owner may have waiting at once (README "Limits and quotas"). */
export const PENDING_INVITES_MAX = 20

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** When a sitter invited at `sentAt` for `days` loses access (the end is fixed when the owner invites). */
export function sitterEnd(sentAt: Date, days: number | null): Date {
  return new Date(sentAt.getTime() + (days ?? SITTER_DAYS_DEFAULT) * DAY_MS)
}

export async function createInvite(
  deps: { db: Db; mailer: Mailer; origin: string },
  ownerId: number,
  input: InviteInput,
  now = new Date(),
) {
  const { db } = deps
  const email = input.email.trim().toLowerCase()
  const owner = await db.user.findUniqueOrThrow({
    where: { id: ownerId },
    select: { email: true, fullName: true },
  })
  if (owner.email.toLowerCase() === email) {
    throw appError('INVALID_INPUT', { message: 'That is your own address: invite someone else.' })
  }
  // Someone already in the household is not invited again: a second link would quietly change their role
  // or cats on accepting; the owner removes them first (a sitter whose access ended may be invited again).
  const member = await db.householdMember.findFirst({
    where: { ownerId, member: { email: { equals: email, mode: 'insensitive' } }, ...liveMembership(now) },
    select: { id: true },
  })
  if (member) {
    throw appError('INVALID_INPUT', {
      message: `${email} is already in your household. Remove them first to change their access.`,
    })
  }
  if (input.role === 'family' && input.days !== undefined) {
    throw appError('INVALID_INPUT', { message: 'days is for a sitter: family access lasts until removed' })
  }
  // Only the owner's own cats can be shared (a shared cat is not the member's to invite to): else 404.
  const cats = await db.cat.findMany({
    where: { userId: ownerId, ...(input.cat_ids ? { id: { in: input.cat_ids } } : {}) },
    orderBy: { id: 'asc' },
    select: { id: true, name: true },
  })
  if (input.cat_ids && cats.length !== new Set(input.cat_ids).size) throw appError('CAT_NOT_FOUND')
  if (cats.length === 0) throw appError('CAT_NOT_FOUND')
  const pending = await db.householdInvite.count({
    where: { ownerId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
  })
  if (pending >= PENDING_INVITES_MAX) throw appError('QUOTA_EXCEEDED')

  const token = randomBytes(32).toString('base64url')
  const accessDays = input.role === 'sitter' ? (input.days ?? SITTER_DAYS_DEFAULT) : null
  const accessEndsAt = input.role === 'sitter' ? sitterEnd(now, accessDays) : null
  const linkEnds = new Date(now.getTime() + INVITE_DAYS * DAY_MS)
  // A sitter's link lapses with their access when that comes first.
  const expiresAt = accessEndsAt && accessEndsAt < linkEnds ? accessEndsAt : linkEnds
  const invite = await db.householdInvite.create({
    data: {
      ownerId,
      email,
      role: input.role,
      allCats: !input.cat_ids,
      catIds: input.cat_ids ? cats.map((c) => c.id) : [],
      accessDays,
      tokenHash: hashOf(token),
      expiresAt,
      createdAt: now,
    },
  })
  await deps.mailer.send(
    inviteMail({
      to: email,
      inviter: owner.fullName.trim() || owner.email,
      role: input.role,
      catNames: cats.map((c) => c.name.trim()).filter(Boolean),
      link: inviteLink(deps.origin, token),
      accessEndsAt,
    }),
  )
  return {
    id: invite.id,
    email,
    role: input.role,
    cat_ids: input.cat_ids ? invite.catIds : null,
    expires_at: (accessEndsAt ?? expiresAt).toISOString(),
  }
}

/**
 * What an invitation offers, before it is accepted (the invitation page names who shares which cats):
 * the same 404 as `acceptInvite` for anything but a live invitation to the signed-in user's address.
 */
export async function previewInvite(db: Db, userId: number, token: string, now = new Date()) {
  const [invite, user] = await Promise.all([
    db.householdInvite.findUnique({ where: { tokenHash: hashOf(token) } }),
    db.user.findUnique({ where: { id: userId }, select: { email: true } }),
  ])
  if (!invite || !user || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now) {
    throw appError('NOT_FOUND')
  }
  if (invite.email !== user.email.toLowerCase() || invite.ownerId === userId) throw appError('NOT_FOUND')
  const [owner, cats] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: invite.ownerId }, select: { email: true, fullName: true } }),
    db.cat.findMany({
      where: { userId: invite.ownerId, ...(invite.allCats ? {} : { id: { in: invite.catIds } }) },
      orderBy: { id: 'asc' },
      select: { id: true, name: true },
    }),
  ])
  return {
    owner: owner.fullName.trim() || owner.email,
    shared_by: owner.email,
    role: invite.role as HouseholdRoleName,
    all_cats: invite.allCats,
    cats,
  }
}

/**
 * Accepts an invitation for the signed-in user: the token must be live, unused and for their address
 * (anything else is the same 404). Accepting makes (or renews) the membership, once. The invitation is
 * for whoever reads the address's mail, so the session must have proved it (`emailVerified`: a code
 * sign-in, or a password on a proven account): someone who signed the address up first never joins.
 */
export async function acceptInvite(
  db: Db,
  session: { id: number; emailVerified?: boolean | undefined },
  token: string,
  now = new Date(),
) {
  const userId = session.id
  if (session.emailVerified !== true) throw appError('EMAIL_NOT_VERIFIED')
  const notFound = () => appError('NOT_FOUND')
  const [invite, user] = await Promise.all([
    db.householdInvite.findUnique({ where: { tokenHash: hashOf(token) } }),
    db.user.findUnique({ where: { id: userId }, select: { email: true } }),
  ])
  if (!invite || !user || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now) throw notFound()
  if (invite.email !== user.email.toLowerCase() || invite.ownerId === userId) throw notFound()
  const role = invite.role as HouseholdRoleName
  const accessEndsAt = role === 'sitter' ? sitterEnd(invite.createdAt, invite.accessDays) : null
  const membership = { role, allCats: invite.allCats, catIds: invite.catIds, accessEndsAt }
  await db.$transaction(async (tx) => {
    // Single use: of two accepts at once, one marks the invitation and the other finds it used.
    const { count } = await tx.householdInvite.updateMany({
      where: { id: invite.id, acceptedAt: null, revokedAt: null },
      data: { acceptedAt: now },
    })
    if (count === 0) throw notFound()
    // The member's id is the invitation's: invitations and members share one id space (DELETE takes either).
    await tx.householdMember.upsert({
      where: { ownerId_memberId: { ownerId: invite.ownerId, memberId: userId } },
      create: { id: invite.id, ownerId: invite.ownerId, memberId: userId, ...membership, createdAt: now },
      update: membership,
    })
  })
  const [owner, cats] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: invite.ownerId }, select: { email: true } }),
    db.cat.findMany({
      where: { userId: invite.ownerId, ...(invite.allCats ? {} : { id: { in: invite.catIds } }) },
      orderBy: { id: 'asc' },
      select: { id: true, name: true },
    }),
  ])
  return { cats, role, shared_by: owner.email }
}
