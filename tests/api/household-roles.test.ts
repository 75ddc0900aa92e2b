// The household's roles on every care, progress, record, follow-up, household and chat procedure, on both
// surfaces (tRPC createCaller and REST app.inject): the owner, family, a sitter, a removed member, a sitter
// whose access ended, and a stranger each call every procedure on the owner's shared cat (or a record of
// it). The procedures are read from appRouter: one of these routers' procedures missing from ACTIONS
// below fails the test, so a procedure added later must be classified here (docs/household.md).
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CareAction } from '../../server/domain/household/access.ts'
import type { OutgoingMail } from '../../server/services/mail.ts'
import { procedures, restTable, TINY_PNG_BASE64 } from '../helpers/api-surface.ts'
import { suiteApp } from '../helpers/app.ts'
import { collect } from '../helpers/streams.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const t = suiteApp()

const ROUTERS = new Set(['care', 'progress', 'record', 'followUp', 'household', 'conversation'])

/** What each procedure does to the cat, as the access policy calls it; `self`: the caller's own things. */
const ACTIONS: Record<string, CareAction | 'self' | 'public'> = {
  'care.plan': 'read',
  'care.updatePlan': 'manage',
  'care.checkIns': 'read',
  'care.checkIn': 'read',
  'care.answerCheckIn': 'log',
  'care.timezone': 'self',
  'care.pushKey': 'self',
  'care.subscribePush': 'self',
  'care.unsubscribePush': 'self',
  'care.unsubscribe': 'public',
  'progress.weights': 'read',
  'progress.logWeight': 'log',
  'progress.deleteWeight': 'manage',
  'progress.overview': 'read',
  'progress.report': 'manage',
  'progress.shareReport': 'manage',
  'progress.shareLinks': 'manage',
  'progress.revokeShare': 'manage',
  'progress.revokeShares': 'self',
  'progress.sharedReport': 'public',
  'record.vaccinations': 'read',
  'record.addVaccination': 'manage',
  'record.updateVaccination': 'manage',
  'record.deleteVaccination': 'manage',
  'record.medications': 'read',
  'record.addMedication': 'manage',
  'record.logDose': 'log',
  'record.updateMedication': 'manage',
  'record.deleteMedication': 'manage',
  'record.vets': 'read',
  'record.updateVets': 'manage',
  'record.documents': 'read',
  'record.uploadDocument': 'manage',
  'record.uploadDocumentForm': 'manage',
  'record.document': 'read',
  'record.updateDocument': 'manage',
  'record.documentFile': 'read',
  'record.deleteDocument': 'manage',
  'record.createCalendar': 'manage',
  'record.revokeCalendar': 'self',
  'record.calendarFeed': 'public',
  'record.calendarFeeds': 'manage',
  'record.revokeCalendarFeed': 'manage',
  'followUp.list': 'read',
  'followUp.answer': 'self',
  'followUp.settings': 'read',
  'followUp.updateSettings': 'manage',
  'household.invite': 'own',
  'household.members': 'self',
  'household.removeMember': 'own',
  'household.invitation': 'self',
  'household.accept': 'self',
  'household.activity': 'read',
  'household.emergencyCard': 'read',
  'conversation.list': 'self',
  'conversation.create': 'self',
  'conversation.update': 'self',
  'conversation.history': 'self',
  'conversation.start': 'chat',
  'conversation.escalation': 'chat',
  'conversation.send': 'chat',
  'conversation.chat': 'chat',
  'conversation.resume': 'self',
  'conversation.stop': 'self',
}

type Role = 'owner' | 'family' | 'sitter' | 'removed' | 'expired' | 'stranger'
const ROLES: Role[] = ['owner', 'family', 'sitter', 'removed', 'expired', 'stranger']
const MAY: Record<Role, ReadonlySet<CareAction>> = {
  owner: new Set(['read', 'log', 'manage', 'chat', 'own']),
  family: new Set(['read', 'log', 'manage', 'chat']),
  sitter: new Set(['read', 'log']),
  removed: new Set(),
  expired: new Set(),
  stranger: new Set(),
}

interface Person {
  id: number
  token: string
}
const people = {} as Record<Role, Person>
let catId: number
let medicationSeq = 0
const sent: OutgoingMail[] = []

/** The invite's token as the mailed link carries it. */
function mailedToken(to: string): string {
  const mail = sent.filter((m) => m.to === to).at(-1)
  const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1]
  expect(token).toBeTruthy()
  return token!
}

async function join(owner: Person, role: 'family' | 'sitter'): Promise<Person> {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`
  await (await t.caller(owner.token)).household.invite({
    email,
    role,
    ...(role === 'sitter' ? { days: 3 } : {}),
  })
  const person = await t.signIn(email, {}, { proven: true })
  await (await t.caller(person.token)).household.accept({ token: mailedToken(email) })
  return person
}

beforeAll(async () => {
  const mailer = t.services.mailer
  mailer.send = async (mail) => {
    sent.push(mail)
  }
  const owner = await t.signIn(`owner-${randomUUID().slice(0, 8)}@example.com`)
  await grantSubscription(t.db, owner.id)
  const api = await t.caller(owner.token)
  catId = (await api.cat.create({ name: 'Miso', breed: 'Siamese', age: 4, weight: 9 })).id
  people.owner = owner
  people.family = await join(owner, 'family')
  people.sitter = await join(owner, 'sitter')
  const removed = await join(owner, 'family')
  const [row] = await t.db.householdMember.findMany({ where: { memberId: removed.id } })
  await api.household.removeMember({ id: row!.id })
  people.removed = removed
  const expired = await join(owner, 'sitter')
  await t.db.householdMember.updateMany({
    where: { memberId: expired.id },
    data: { accessEndsAt: new Date(Date.now() - 1000) },
  })
  people.expired = expired
  people.stranger = await t.signIn(`stranger-${randomUUID().slice(0, 8)}@example.com`)
  // Everyone but the owner has a subscription of their own too: only the policy decides what they reach.
  for (const role of ['stranger', 'removed', 'expired'] as const)
    await grantSubscription(t.db, people[role].id)
})

/** A fresh record of the owner's cat for one attempt (a delete by one role must not starve the next). */
async function fresh(kind: string): Promise<number> {
  const api = await t.caller(people.owner.token)
  switch (kind) {
    case 'checkIn':
      return (
        await t.db.checkIn.create({
          data: { catId, dueAt: new Date(Date.now() - 60_000), sentAt: new Date() },
        })
      ).id
    case 'weight':
      return (await api.progress.logWeight({ cat_id: catId, weight: 9.1, unit: 'Lbs' })).id
    case 'vaccination':
      return (await api.record.addVaccination({ cat_id: catId, name: 'Rabies', given_on: '2026-01-02' })).id
    case 'medication':
      return (
        await api.record.addMedication({
          cat_id: catId,
          name: `Med ${++medicationSeq}`,
          dose: '1 tab',
          times: ['08:00'],
        })
      ).id
    case 'document':
      return (
        await api.record.uploadDocument({
          cat_id: catId,
          title: 'Lab',
          data: TINY_PNG_BASE64,
          mimetype: 'image/png',
        })
      ).id
    case 'calendarFeed': {
      // The others first, so the attempts never reach the owner's cap of live feeds.
      await t.db.calendarFeed.updateMany({ where: { catId }, data: { revokedAt: new Date() } })
      await api.record.createCalendar({ cat_id: catId })
      return (await api.record.calendarFeeds({ cat_id: catId }))[0]!.id
    }
    case 'shareLink': {
      await api.progress.shareReport({ cat_id: catId })
      return (await api.progress.shareLinks({ cat_id: catId }))[0]!.id
    }
    default:
      throw new Error(kind)
  }
}

/** A valid input naming the shared cat (or a fresh record of it) for each cat procedure. */
async function inputFor(path: string, who: Person): Promise<Record<string, unknown>> {
  const cat = { cat_id: catId }
  switch (path) {
    case 'care.checkIn':
      return { id: await fresh('checkIn') }
    case 'care.answerCheckIn':
      return { id: await fresh('checkIn'), note: 'ate well' }
    case 'care.updatePlan':
      return { ...cat, reminder_time: '10:00' }
    case 'progress.logWeight':
      return { ...cat, weight: 9.2, unit: 'Lbs' }
    case 'progress.deleteWeight':
      return { id: await fresh('weight') }
    case 'progress.report':
      return cat
    case 'progress.shareReport':
      return { ...cat, days: 3 }
    case 'progress.revokeShare':
      return { id: await fresh('shareLink') }
    case 'record.revokeCalendarFeed':
      return { id: await fresh('calendarFeed') }
    case 'record.addVaccination':
      return { ...cat, name: 'FVRCP', given_on: '2026-02-03' }
    case 'record.deleteVaccination':
      return { id: await fresh('vaccination') }
    case 'record.updateVaccination':
      return { id: await fresh('vaccination'), next_due_on: '2027-01-02', notes: 'booster' }
    case 'record.addMedication':
      return { ...cat, name: 'Gabapentin', dose: '50 mg', times: ['20:00'] }
    case 'record.logDose':
      return { id: await fresh('medication') }
    case 'record.deleteMedication':
      return { id: await fresh('medication') }
    case 'record.updateMedication':
      return { id: await fresh('medication'), dose: '2 tabs', times: ['09:00'] }
    case 'record.updateVets':
      return { ...cat, emergency: { name: 'Night Clinic', phone: '555 0100' } }
    case 'record.uploadDocument':
      return { ...cat, title: 'Invoice', data: TINY_PNG_BASE64, mimetype: 'image/png' }
    case 'record.uploadDocumentForm': {
      // The app's own upload takes a FormData (no REST row): the same document as a file.
      const form = new FormData()
      form.append('cat_id', String(catId))
      form.append('title', 'Invoice')
      form.append(
        'file',
        new File([Buffer.from(TINY_PNG_BASE64, 'base64')], 'invoice.png', { type: 'image/png' }),
      )
      return form as unknown as Record<string, unknown>
    }
    case 'record.document':
    case 'record.documentFile':
    case 'record.deleteDocument':
      return { id: await fresh('document') }
    case 'record.updateDocument':
      return { id: await fresh('document'), title: 'Invoice', kind: 'invoice' }
    case 'followUp.updateSettings':
      return { ...cat, follow_ups_on: true }
    case 'household.invite':
      return { email: `invitee-${randomUUID().slice(0, 8)}@example.com`, role: 'family', cat_ids: [catId] }
    case 'household.removeMember': {
      const owner = await t.caller(people.owner.token)
      const invite = await owner.household.invite({
        email: `withdrawn-${randomUUID().slice(0, 8)}@example.com`,
        role: 'sitter',
      })
      return { id: invite.id }
    }
    case 'conversation.start':
    case 'conversation.escalation':
      return { catId }
    case 'conversation.send': {
      const conversation = await (await t.caller(who.token)).conversation.create({})
      return { conversationId: conversation.id, catId, content: 'How is she?', clientId: randomUUID() }
    }
    case 'conversation.chat':
      return { catId, messages: [{ role: 'user', content: 'Is she eating enough?' }] }
    default:
      return cat
  }
}

const isNotFound = (code: string | undefined) => code === 'NOT_FOUND' || code === 'CAT_NOT_FOUND'

/** The call through tRPC: 'ok', or the error's catalogue code. */
async function viaTrpc(path: string, who: Person, input: Record<string, unknown>): Promise<string> {
  const api = (await t.caller(who.token)) as unknown as Record<
    string,
    Record<string, (i: unknown) => Promise<unknown>>
  >
  const [router, name] = path.split('.') as [string, string]
  try {
    const result = await api[router]![name]!(input)
    if (path === 'conversation.send') await collect(result as AsyncIterable<string>)
    return 'ok'
  } catch (error) {
    const cause = (error as { cause?: { appCode?: string } }).cause
    return cause?.appCode ?? (error as { code?: string }).code ?? String(error)
  }
}

const rows = await restTable()

/** The call through its REST row: 'ok' for a 2xx, else the answer's code. */
async function viaRest(path: string, who: Person, input: Record<string, unknown>): Promise<string | null> {
  const row = rows.find((r) => r.procedure === path)
  if (!row) return null
  const body = { ...input }
  let url = row.path
  for (const [field, param] of Object.entries(row.paramFields)) {
    url = url.replace(`:${param}`, encodeURIComponent(String(body[field])))
    delete body[field]
  }
  const isGet = row.method === 'GET' || row.method === 'DELETE'
  if (isGet && Object.keys(body).length > 0) {
    url += `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}`
  }
  const response = await t.app.inject({
    method: row.method,
    url,
    headers: { authorization: `Bearer ${who.token}` },
    ...(isGet ? {} : { payload: body }),
  })
  if (response.statusCode < 300) return 'ok'
  const json = (() => {
    try {
      return response.json() as { code?: string }
    } catch {
      return {}
    }
  })()
  return json.code ?? String(response.statusCode)
}

const CAT_PROCEDURES = procedures().filter((p) => ROUTERS.has(p.router))

describe('the household role table', () => {
  it('classifies every procedure of the care, progress, record, follow-up, household and chat routers', () => {
    const unclassified = CAT_PROCEDURES.map((p) => p.path).filter((path) => !(path in ACTIONS))
    expect(unclassified).toEqual([])
  })

  const table = Object.entries(ACTIONS).filter(
    (entry): entry is [string, CareAction] => entry[1] !== 'self' && entry[1] !== 'public',
  )
  for (const [path, action] of table) {
    for (const role of ROLES) {
      const allowed = MAY[role].has(action)
      it(`${role} ${allowed ? 'may' : 'may not'} ${path} (${action}) — tRPC and REST`, async () => {
        const who = people[role]
        const trpc = await viaTrpc(path, who, await inputFor(path, who))
        if (allowed) expect(trpc).toBe('ok')
        else expect(isNotFound(trpc), `tRPC answered ${trpc}`).toBe(true)
        const rest = await viaRest(path, who, await inputFor(path, who))
        if (rest === null) return
        if (allowed) expect(rest).toBe('ok')
        else expect(isNotFound(rest), `REST answered ${rest}`).toBe(true)
      })
    }
  }
})
