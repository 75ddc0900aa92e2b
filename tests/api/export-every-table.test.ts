// "Download my data" holds every table that holds the owner's data (docs/api.md "Download my data"). The
// test walks prisma/schema.prisma: every model that belongs to the user or to one of their cats (a
// relation with `fields:` to User or Cat, or to such a model, transitively) must be listed in
// EXPORTED_TABLES (server/domain/accounts/export-stream.ts) or in NOT_OWNER_DATA below, with the reason.
// A model added later that is in neither fails here. Then an owner with a row in each newly exported
// table downloads the document, on REST and on tRPC, and each table's key holds the row.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EXPORTED_TABLES } from '../../server/domain/accounts/export-stream.ts'
import { suiteApp } from '../helpers/app.ts'
import { freshCodeHeaders } from '../helpers/mailed-codes.ts'

const t = suiteApp()

/** Models related to the owner that are not the owner's data, each with why. */
const NOT_OWNER_DATA: Record<string, string> = {
  // The sign-in's secrets (hashes of refresh tokens): a copy would help nobody and could help a thief.
  Session: 'sign-in secrets',
  // Billing's own bookkeeping of a checkout in progress (its lease, the provider's ids); what it made,
  // the subscriptions and payments, is exported.
  Checkout: 'billing bookkeeping',
}

/** Every model of the schema with the models its relations with `fields:` point to. */
function schemaRelations(): Map<string, string[]> {
  const schema = fs.readFileSync(path.join(import.meta.dirname, '../../prisma/schema.prisma'), 'utf8')
  const models = [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)]
  const names = new Set(models.map((m) => m[1]!))
  const relations = new Map<string, string[]>()
  for (const [, name, body] of models) {
    const targets = body!
      .split('\n')
      .map((line) => line.trim().split(/\s+/))
      .filter((parts) => parts.length > 2 && /@relation\(.*fields:/.test(parts.join(' ')))
      .map((parts) => parts[1]!.replace(/[?[\]]/g, ''))
      .filter((type) => names.has(type))
    relations.set(name!, targets)
  }
  return relations
}

/** The models that belong to User or Cat, directly or through another such model. */
function ownerModels(): string[] {
  const relations = schemaRelations()
  const owned = new Set(['User', 'Cat'])
  for (let grew = true; grew; ) {
    grew = false
    for (const [model, targets] of relations) {
      if (!owned.has(model) && targets.some((target) => owned.has(target))) {
        owned.add(model)
        grew = true
      }
    }
  }
  owned.delete('User')
  return [...owned].sort()
}

describe('Download my data holds every table of the owner', () => {
  it('lists every model related to the user or a cat as exported or, with a reason, as not owner data', () => {
    const models = ownerModels()
    expect(models.length).toBeGreaterThan(20)
    const unaccounted = models.filter((m) => !(m in EXPORTED_TABLES) && !(m in NOT_OWNER_DATA))
    expect(unaccounted, 'owner-data models missing from the export').toEqual([])
    for (const model of Object.keys(EXPORTED_TABLES)) expect(models, model).toContain(model)
  })

  it('the health record, vets, follow-ups, escalations, second readings, feeds, push, invitations and review consent are in the document', async () => {
    const owner = await t.signIn()
    const api = await t.caller(owner.token)
    const cat = await api.cat.create({ name: 'Milo' })
    await api.account.setReviewConsent({ review_consent: true })
    const medication = await api.record.addMedication({
      cat_id: cat.id,
      name: 'Pill',
      dose: '1 tablet',
      times: ['08:00'],
    })
    await api.record.logDose({ id: medication.id })
    await api.record.addVaccination({ cat_id: cat.id, name: 'Rabies', given_on: '2026-01-01' })
    await api.record.updateVets({ cat_id: cat.id, usual: { name: 'Dr Who', phone: '+1 555 0100' } })
    await api.record.uploadDocument({
      cat_id: cat.id,
      title: 'Lab',
      data: Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64'),
    })
    await api.record.createCalendar({ cat_id: cat.id })
    await t.db.pushSubscription.create({
      data: { userId: owner.id, endpoint: 'https://fcm.googleapis.com/fcm/send/x', p256dh: 'k', auth: 'a' },
    })
    const conversation = await t.db.conversation.create({ data: { userId: owner.id } })
    const message = await t.db.conversationMessage.create({
      data: { conversationId: conversation.id, role: 'assistant', content: 'See a vet', urgency: 'urgent' },
    })
    await t.db.followUp.create({
      data: {
        userId: owner.id,
        catId: cat.id,
        conversationId: conversation.id,
        messageId: message.id,
        urgency: 'urgent',
        dueAt: new Date(),
        finding: 'cystitis',
      },
    })
    // The conversation's cat escalated, and the second reader read the owner's words otherwise.
    await t.db.conversation.update({ where: { id: conversation.id }, data: { catId: cat.id } })
    const question = await t.db.conversationMessage.create({
      data: { conversationId: conversation.id, role: 'user', content: 'He keeps going to the litter box' },
    })
    await t.db.escalation.create({
      data: {
        catId: cat.id,
        conversationId: conversation.id,
        messageId: message.id,
        urgency: 'urgent',
        sign: 'straining',
      },
    })
    await t.db.triageDisagreement.create({
      data: {
        questionId: question.id,
        productLevel: 'routine',
        modelLevel: 'urgent',
        modelSign: 'straining to pee',
        evidence: 'keeps going to the litter box',
        aboutThisCatNow: true,
        replyLevel: 'urgent',
      },
    })
    await t.db.householdInvite.create({
      data: {
        ownerId: owner.id,
        email: 'sister@example.com',
        role: 'family',
        tokenHash: `hash-${owner.id}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    })

    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/account/export',
      headers: await freshCodeHeaders(t, owner),
    })
    expect(rest.statusCode).toBe(200)
    // tRPC: the same document, its pieces joined (a fresh code: each works once).
    await t.db.otpCode.deleteMany({})
    const code = (await freshCodeHeaders(t, owner))['x-verification-code']!
    let trpcText = ''
    for await (const piece of await api.account.exportData({ code })) trpcText += piece
    for (const text of [rest.body, trpcText]) {
      const document = JSON.parse(text) as Record<string, unknown> & { account: Record<string, unknown> }
      expect(document.account.reviewConsentAt).toEqual(expect.any(String))
      for (const key of [
        'vaccinations',
        'medications',
        'medication_doses',
        'documents',
        'vets',
        'follow_ups',
        'calendar_feeds',
        'push_subscriptions',
        'household_invites',
        'escalations',
        'triage_disagreements',
      ]) {
        expect(document[key], key).toEqual([expect.any(Object)])
      }
      expect(document.follow_ups).toEqual([expect.objectContaining({ finding: 'cystitis' })])
      expect(document.medication_doses).toEqual([expect.objectContaining({ medication_id: medication.id })])
      expect(document.vets).toEqual([expect.objectContaining({ cat_id: cat.id })])
      expect(document.escalations).toEqual([
        expect.objectContaining({
          cat_id: cat.id,
          message_id: message.id,
          urgency: 'urgent',
          closed_at: null,
        }),
      ])
      expect(document.triage_disagreements).toEqual([
        expect.objectContaining({ question_id: question.id, evidence: 'keeps going to the litter box' }),
      ])
      // Every table EXPORTED_TABLES names is a key of the document.
      for (const key of new Set(Object.values(EXPORTED_TABLES))) expect(document, key).toHaveProperty(key)
      // Secrets stay out: no token hash of a feed or an invitation, no push keys.
      expect(text).not.toMatch(/token_?hash|p256dh/i)
    }
  })
})
