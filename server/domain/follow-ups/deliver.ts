// Sending a due follow-up once, whatever the number of instances, duplicate jobs or restarts: the row
// goes from 'pending' to 'sent' in one conditional UPDATE, and only the worker whose UPDATE took it
// writes the chat message and sends the e-mail and push (the plan's channels). A send that fails after
// the claim is not repeated: the question is in the chat either way (docs/follow-ups.md).
import type { Db } from '../../db.ts'
import { Prisma } from '../../generated/prisma/client.ts'
import type { ReminderDeps } from '../care/reminders.ts'
import { heldLevel } from '../chat/escalations.ts'
import { readVet } from '../record/vets.ts'
import { followUpKey, followUpMail, followUpQuestion } from './mail.ts'

export type FollowUpDeps = ReminderDeps

/** The pending follow-ups due by `horizon`, earliest first (the status and due_at index). */
export async function dueFollowUps(db: Db, horizon: Date, limit: number) {
  return db.followUp.findMany({
    where: { status: 'pending', dueAt: { lte: horizon } },
    orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
    select: { id: true, dueAt: true },
    take: limit,
  })
}

/** The chat's message id of follow-up `id`: the client finds the follow-up's buttons by it. */
export const followUpClientId = (id: number) => `follow-up-${id}`

export async function sendFollowUp(
  deps: FollowUpDeps,
  id: number,
  now = new Date(),
): Promise<{ sent: boolean }> {
  const { db } = deps
  // Only while the owner wants follow-ups for the cat: a row scheduled as they turned them off (the
  // switch drops pending rows, a reply being stored at that moment can still write one) is not sent.
  const claimed = await db.$queryRaw<Array<{ id: number }>>`
    UPDATE follow_ups SET status = 'sent', sent_at = ${now}
    WHERE id = ${id} AND status = 'pending' AND due_at <= ${now}
      AND EXISTS (SELECT 1 FROM cats c WHERE c.id = follow_ups.cat_id AND c.follow_ups_on)
    RETURNING id`
  if (claimed.length === 0) {
    // Dropped as the switch drops it, so the sweep does not queue it again and again.
    await db.$executeRaw`
      DELETE FROM follow_ups f USING cats c
      WHERE f.id = ${id} AND f.status = 'pending' AND c.id = f.cat_id AND NOT c.follow_ups_on`
    return { sent: false }
  }
  const followUp = await db.followUp.findUnique({
    where: { id },
    include: {
      cat: {
        select: {
          name: true,
          carePlan: { select: { emailOn: true, pushOn: true } },
          vets: { select: { usual: true, emergency: true } },
        },
      },
      user: { select: { id: true, email: true, firstName: true } },
    },
  })
  if (!followUp) return { sent: false }
  const catName = followUp.cat.name.trim() || 'your cat'
  const question = followUpQuestion(catName)
  try {
    await db.conversationMessage.create({
      data: {
        conversationId: followUp.conversationId,
        role: 'assistant',
        content: question,
        clientId: followUpClientId(id),
        // The level the cat holds now (its open escalation): the question changes nothing of it.
        urgency: await heldLevel(db, followUp.catId),
      },
    })
  } catch (error) {
    // Written before (the same follow-up cannot be claimed twice; this is a restored database).
    if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== 'P2002') throw error
  }
  const channels = followUp.cat.carePlan ?? { emailOn: true, pushOn: false }
  try {
    if (channels.emailOn) {
      await deps.mailer.send(
        followUpMail({
          to: followUp.user.email,
          ownerName: followUp.user.firstName,
          catName,
          origin: deps.origin,
          followUp,
          vets: {
            usual: readVet(followUp.cat.vets?.usual),
            emergency: readVet(followUp.cat.vets?.emergency),
          },
        }),
      )
    }
    if (channels.pushOn && deps.push) {
      await deps.push(followUp.user.id, {
        title: question,
        body: 'Tap to answer',
        url: `${deps.origin}/cat-assistant?follow_up=${id}`,
        tag: followUpKey(followUp),
      })
    }
  } catch (error) {
    deps.log.warn(
      { err: error, followUpId: id },
      'a follow-up could not be mailed or pushed; it is in the chat',
    )
  }
  return { sent: true }
}
