// An owner whose routine answer was followed by a reported vet visit for the same cat within 72 hours
// ("routine, then vet", docs/follow-ups.md), seeded straight in the database at set times in February 2031.
import type { TestApp } from './app.ts'

const HOUR = 3_600_000

/** An owner whose routine answer on Feb 10 was followed by a reported vet visit a day later. */
export async function flaggedOwner(t: Pick<TestApp, 'db' | 'signIn'>) {
  const owner = await t.signIn()
  const cat = await t.db.cat.create({ data: { userId: owner.id, name: 'Pip' } })
  const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
  const when = new Date('2031-02-10T10:00:00Z')
  const message = (data: { role: string; content: string; urgency?: string; replyToId?: number }, at: Date) =>
    t.db.conversationMessage.create({
      data: { conversationId: conversation.id, createdAt: at, ...data },
    })
  const question = await t.db.conversationMessage.create({
    data: {
      conversationId: conversation.id,
      role: 'user',
      content: 'she sneezed twice today',
      catId: cat.id,
      createdAt: when,
    },
  })
  const routine = await message(
    { role: 'assistant', content: 'a little sneezing is common', urgency: 'routine', replyToId: question.id },
    new Date(when.getTime() + 1000),
  )
  const asked = await t.db.conversationMessage.create({
    data: {
      conversationId: conversation.id,
      role: 'user',
      content: 'now she is breathing with her mouth open',
      catId: cat.id,
      createdAt: new Date(when.getTime() + 20 * HOUR),
    },
  })
  const escalation = await message(
    {
      role: 'assistant',
      content: 'This could be an emergency',
      urgency: 'emergency',
      replyToId: asked.id,
    },
    new Date(when.getTime() + 20 * HOUR + 1000),
  )
  await t.db.followUp.create({
    data: {
      userId: owner.id,
      catId: cat.id,
      conversationId: conversation.id,
      messageId: escalation.id,
      urgency: 'emergency',
      dueAt: new Date(when.getTime() + 22 * HOUR),
      status: 'answered',
      seenVet: 'yes',
      finding: 'asthma',
      sentAt: new Date(when.getTime() + 22 * HOUR),
      answeredAt: new Date(when.getTime() + 24 * HOUR),
    },
  })
  return { owner, conversation, routine }
}
