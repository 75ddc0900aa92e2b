// Ownership: owner A makes one of each record through the real procedures; owner B (subscribed too, so
// the ownership check is what answers) and an anonymous caller then try EVERY id-taking REST row and
// tRPC procedure on A's records. The list is read from the route table and appRouter at run time: every
// row with a path parameter, and every procedure (and row) whose input names a record. Each attempt is a
// 404 (never 403, never a 2xx), and afterwards A's rows are byte-for-byte what they were.
import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { restOnlyProcedures } from '../../server/rest/table.ts'
import {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateLimitName,
} from '../../server/services/rate-limits.ts'
import {
  CAPABILITY_LINK_PROCEDURES,
  fillPath,
  idFields,
  OPERATOR_PROCEDURES,
  type ProcedureInfo,
  procedures,
  type RecordKind,
  type RestInfo,
  recordKind,
  restTable,
  sampleInput,
  showsStackTrace,
  TINY_PNG_BASE64,
} from '../helpers/api-surface.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { CARD_CHECKOUT, checkoutAs } from '../helpers/checkout.ts'
import { collect } from '../helpers/streams.ts'
import { grantSubscription } from '../helpers/subscribers.ts'

const skipped = (path: string) => CAPABILITY_LINK_PROCEDURES.has(path) || OPERATOR_PROCEDURES.has(path)
const PROCEDURES = procedures().filter((p) => !skipped(p.path))
const ROWS = (await restTable()).filter((r) => !skipped(r.procedure ?? ''))

interface Owner {
  id: number
  email: string
  token: string
  sessionId: string
  /** Record ids by kind; a subscription is named by its provider id (sub_… card, I-… PayPal). */
  records: Record<RecordKind, Array<number | string>>
}
let a: Owner
let b: Owner

const KINDS: RecordKind[] = [
  'cat',
  'conversation',
  'interview',
  'subscription',
  'weight',
  'attachment',
  'checkIn',
  'vaccination',
  'medication',
  'document',
  'shareLink',
  'calendarFeed',
  'followUp',
  'householdMember',
]

/** A check-in of the cat (the reminder worker makes them; here one is written directly). */
async function checkInOf(catId: number): Promise<number> {
  const row = await t.db.checkIn.create({
    data: { catId, dueAt: new Date(Date.now() - 60_000 * Math.random()), sentAt: new Date() },
  })
  return row.id
}

/** A live report link of the owner's current cat: its id, as the owner's list gives it. */
async function shareLinkOf(token: string): Promise<number> {
  const api = await t.caller(token)
  await api.progress.shareReport({})
  const [newest] = await api.progress.shareLinks({})
  return newest!.id
}

/** A live calendar feed of the owner's current cat: its id, as the owner's list gives it. */
async function calendarFeedOf(token: string): Promise<number> {
  const api = await t.caller(token)
  await api.record.createCalendar({})
  return (await api.record.calendarFeeds({})).at(-1)!.id
}

/** A follow-up after an urgent answer in the conversation (the reply path makes them; here written directly). */
async function followUpOf(userId: number, catId: number, conversationId: number): Promise<number> {
  const reply = await t.db.conversationMessage.findFirstOrThrow({
    where: { conversationId, role: 'assistant' },
    orderBy: { id: 'desc' },
  })
  const row = await t.db.followUp.create({
    data: { userId, catId, conversationId, messageId: reply.id, urgency: 'emergency', dueAt: new Date() },
  })
  return row.id
}

/** An invitation into the owner's household, still waiting (its id is what DELETE /household/members takes). */
async function invitationOf(token: string): Promise<number> {
  const api = await t.caller(token)
  return (await api.household.invite({ email: `invitee-${randomUUID()}@example.com`, role: 'family' })).id
}

function checkout(owner: { token: string }) {
  return checkoutAs(t, owner.token, { checkoutKey: randomUUID() })
}

/** No procedure creates a PayPal subscription (PayPal's own page does); its row is written as the webhook would. */
async function paypalSubscription(userId: number, email: string): Promise<string> {
  const id = `I-${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`
  await grantSubscription(t.db, userId, {
    email,
    endDate: new Date(Date.now() + 3 * 86_400_000),
    provider: 'paypal',
    providerSubscriptionId: id,
  })
  return id
}

/** An owner with one of each record, all made through the procedures (except the PayPal row). */
async function owner(name: string): Promise<Owner> {
  const email = `${name}-${randomUUID().slice(0, 8)}@example.com`
  const user = await t.signIn(email)
  const api = await t.caller(user.token)
  const sessionId = `session-${name}-${randomUUID()}`
  const subscription = await checkout(user)
  const cat = await api.cat.create({
    name: `${name}'s cat`,
    breed: 'Siamese',
    age: 3,
    weight: 9.5,
    goals: ['Lose Weight'],
    photo: { buffer: TINY_PNG_BASE64, mimetype: 'image/png', originalname: 'cat.png' },
  })
  const conversation = await api.conversation.create({ session_id: sessionId })
  await collect(
    await api.conversation.send({
      conversationId: conversation.id,
      catId: cat.id,
      content: 'My cat has been sleeping a lot lately.',
      clientId: `c-${randomUUID()}`,
    }),
  )
  await collect(
    await api.conversation.send({
      conversationId: conversation.id,
      content: 'And she eats less than before.',
      clientId: `c-${randomUUID()}`,
    }),
  )
  const weight = await api.progress.logWeight({ weight: 9.5, unit: 'Lbs' })
  const attachment = await api.attachment.upload({ data: TINY_PNG_BASE64, mimetype: 'image/png' })
  const vaccination = await api.record.addVaccination({ name: 'Rabies', given_on: '2026-01-10' })
  const medication = await api.record.addMedication({ name: 'Methimazole', dose: '2.5 mg', times: ['08:00'] })
  await api.record.logDose({ id: medication.id })
  const document = await api.record.uploadDocument({ title: 'Lab', data: TINY_PNG_BASE64 })
  const interview = await api.interview.create({ session_id: sessionId })
  await api.interview.update({
    id: interview.id,
    session_id: sessionId,
    messages: [
      { role: 'assistant', content: "What is your cat's name?" },
      { role: 'user', content: 'Mochi' },
    ],
    answers: { cat_name: 'Mochi' },
  })
  return {
    id: user.id,
    email,
    token: user.token,
    sessionId,
    records: {
      cat: [cat.id],
      conversation: [conversation.id],
      interview: [interview.id],
      subscription: [subscription.subscriptionId, await paypalSubscription(user.id, email)],
      weight: [weight.id],
      attachment: [attachment.id],
      checkIn: [await checkInOf(cat.id)],
      vaccination: [vaccination.id],
      medication: [medication.id],
      document: [document.id],
      shareLink: [await shareLinkOf(user.token)],
      calendarFeed: [await calendarFeedOf(user.token)],
      followUp: [await followUpOf(user.id, cat.id, conversation.id)],
      householdMember: [await invitationOf(user.token)],
    },
  }
}

/**
 * Every row that belongs to the owner, in every table, as the database's own JSON text (bytea as hex):
 * tables with a user_id, the users row itself, rows whose foreign key points at such a row, and rows of
 * other tables that carry the owner's e-mail. Read from the catalogue, so new tables are included.
 */
async function snapshot(userId: number, email: string): Promise<Record<string, string[]>> {
  const columns = await t.db.$queryRawUnsafe<Array<{ table: string; column: string }>>(
    `SELECT table_name AS "table", column_name AS "column" FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name NOT LIKE '\\_%'`,
  )
  const foreign = await t.db.$queryRawUnsafe<Array<{ child: string; column: string; parent: string }>>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS "column", c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY(c.conkey)
     WHERE c.contype = 'f'`,
  )
  const unquote = (name: string) => name.replace(/^"|"$/g, '')
  const tables = new Map<string, Set<string>>()
  for (const { table, column } of columns) {
    if (!tables.has(table)) tables.set(table, new Set())
    tables.get(table)!.add(column)
  }
  const condition = (table: string, depth = 0): string | null => {
    const cols = tables.get(table)
    if (!cols || depth > 3) return null
    if (table === 'users') return `id = ${Number(userId)}`
    if (cols.has('user_id')) return `user_id = ${Number(userId)}`
    for (const fk of foreign.filter((f) => unquote(f.child) === table)) {
      const parent = unquote(fk.parent)
      const inner = condition(parent, depth + 1)
      if (inner) return `"${fk.column}" IN (SELECT id FROM "${parent}" WHERE ${inner})`
    }
    if (cols.has('email')) return `email = '${email.replace(/'/g, "''")}'`
    return null
  }
  const out: Record<string, string[]> = {}
  for (const table of [...tables.keys()].sort()) {
    const where = condition(table)
    if (!where) continue
    const rows = await t.db.$queryRawUnsafe<Array<{ row: string }>>(
      `SELECT to_jsonb(t)::text AS row FROM "${table}" t WHERE ${where} ORDER BY 1`,
    )
    out[table] = rows.map((r) => r.row)
  }
  return out
}

// ——— The attempts ———

interface Attempt {
  /** 'GET /api/supabase/cats/:id' or 'query cat.get', with the field and the record tried. */
  label: string
  /** The field (or path parameter) that carries A's id. */
  group: string
  send(token: string | null): Promise<LightMyRequestResponse>
  /** The same request with the caller's own record instead of A's (for the control). */
  control(): Promise<LightMyRequestResponse>
  /** What B got. */
  status?: number
}

/** Each of A's records that the field may name: of the field's kind, or any kind when it is unknown. */
function targetsOf(procedure: string, field: string): Array<{ kind: RecordKind; id: number | string }> {
  const kind = recordKind(procedure, field)
  return (kind ? [kind] : KINDS).flatMap((k) => a.records[k].map((id) => ({ kind: k, id })))
}

/** B's other ids: every id field except the one under test names B's own record of that kind. */
function ownIds(of: Owner, procedure: ProcedureInfo, except: string): Record<string, unknown> {
  const ids: Record<string, unknown> = {}
  for (const field of idFields(procedure)) {
    if (field === except) continue
    const kind = recordKind(procedure.path, field)
    if (kind) ids[field] = of.records[kind][0]
  }
  return ids
}

/** A new record of B's of this kind, so that controls that change or delete records each get their own. */
async function freshRecord(kind: RecordKind, like: number | string): Promise<number | string> {
  const api = await t.caller(b.token)
  switch (kind) {
    case 'cat': {
      // Every cat_id-taking row gets a cat of its own; older control cats go, under the cats quota.
      const controls = await t.db.cat.findMany({
        where: { userId: b.id, name: 'Control' },
        orderBy: { id: 'desc' },
        skip: 10,
        select: { id: true },
      })
      await t.db.cat.deleteMany({ where: { id: { in: controls.map((c) => c.id) } } })
      return (await api.cat.create({ name: 'Control', breed: 'Siamese', age: 2 })).id
    }
    case 'conversation':
      return (await api.conversation.create({})).id
    case 'interview':
      return (await api.interview.create({ session_id: b.sessionId })).id
    case 'weight':
      return (await api.progress.logWeight({ weight: 9, unit: 'Lbs' })).id
    case 'subscription':
      if (String(like).startsWith('I-')) return paypalSubscription(b.id, b.email)
      // One subscription at a time: B's current ones end before B checks out again, and
      // one trial per owner: B's later subscriptions are at the plan's price.
      await t.db.subscription.updateMany({ where: { userId: b.id }, data: { status: 'canceled' } })
      return (await api.billing.checkout({ ...CARD_CHECKOUT, checkoutKey: randomUUID(), trial: false }))
        .subscriptionId
    case 'attachment':
      return (await api.attachment.upload({ data: TINY_PNG_BASE64, mimetype: 'image/png' })).id
    case 'checkIn':
      return checkInOf(b.records.cat[0] as number)
    case 'vaccination':
      return (await api.record.addVaccination({ name: 'Rabies', given_on: '2026-01-10' })).id
    case 'medication':
      return (await api.record.addMedication({ name: 'Control', dose: '1 mg', times: ['08:00'] })).id
    case 'document':
      return (await api.record.uploadDocument({ title: 'Control', data: TINY_PNG_BASE64 })).id
    case 'shareLink':
      return shareLinkOf(b.token)
    case 'calendarFeed':
      // Within B's cap of live feeds: the older ones go first.
      await t.db.calendarFeed.updateMany({ where: { userId: b.id }, data: { revokedAt: new Date() } })
      return calendarFeedOf(b.token)
    case 'followUp':
      return followUpOf(b.id, b.records.cat[0] as number, b.records.conversation[0] as number)
    case 'householdMember':
      return invitationOf(b.token)
  }
}

function trpcRequest(procedure: ProcedureInfo, input: unknown, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  const url = `/trpc/${procedure.path}`
  if (procedure.type === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    return t.app.inject({ method: 'GET', url: `${url}${query}`, headers })
  }
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input ?? {}),
  })
}

function restRequest(row: RestInfo, params: Record<string, string>, body: unknown, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
  // A GET's input fields travel in its query string (GET /api/care/weights?cat_id=…).
  const query =
    row.method === 'GET' && body && typeof body === 'object' && Object.keys(body).length > 0
      ? `?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}`
      : ''
  return t.app.inject({
    method: row.method,
    url: fillPath(row.path, params) + query,
    headers: row.method === 'GET' ? headers : { ...headers, 'content-type': 'application/json' },
    ...(row.method === 'GET' ? {} : { payload: JSON.stringify(body ?? {}) }),
  })
}

const problems: string[] = []

/** Attempts on every id-taking procedure, field by field, record by record. */
async function procedureAttempts(): Promise<Attempt[]> {
  const attempts: Attempt[] = []
  // A procedure served at its REST row only answers 404 on /trpc to everyone: its row is tried below.
  const restOnly = restOnlyProcedures()
  for (const procedure of PROCEDURES.filter((p) => !restOnly.has(p.path))) {
    for (const field of idFields(procedure)) {
      for (const target of targetsOf(procedure.path, field)) {
        const build = async (ids: Record<string, unknown>) => {
          const made = await sampleInput(
            procedure,
            { sessionId: b.sessionId, ids: { ...ownIds(b, procedure, field), ...ids } },
            ids,
          )
          if (made.problem) problems.push(made.problem)
          return made.input
        }
        const input = await build({ [field]: target.id })
        attempts.push({
          label: `${procedure.type} ${procedure.path} {${field}: A's ${target.kind} ${target.id}}`,
          group: `${procedure.path} ${field}`,
          send: (token) => trpcRequest(procedure, input, token),
          control: async () =>
            trpcRequest(
              procedure,
              await build({ [field]: await freshRecord(target.kind, target.id) }),
              b.token,
            ),
        })
      }
    }
  }
  return attempts
}

/** Attempts on every REST row that takes an id in its path or in its body. */
async function restAttempts(): Promise<Attempt[]> {
  const attempts: Attempt[] = []
  for (const row of ROWS) {
    const procedure = PROCEDURES.find((p) => p.path === row.procedure)
    if (!procedure) {
      problems.push(`${row.method} ${row.path}: calls no procedure of appRouter`)
      continue
    }
    const fromPath = Object.keys(row.paramFields)
    const fields = [...new Set([...fromPath, ...idFields(procedure)])]
    for (const field of fields) {
      for (const target of targetsOf(procedure.path, field)) {
        const build = async (id: number | string) => {
          const made = await sampleInput(
            procedure,
            { sessionId: b.sessionId, ids: { ...ownIds(b, procedure, field), [field]: id } },
            { [field]: id },
          )
          if (made.problem) problems.push(`${row.method} ${row.path}: ${made.problem}`)
          const body: Record<string, unknown> = { ...made.input }
          const params: Record<string, string> = {}
          for (const [f, param] of Object.entries(row.paramFields)) {
            params[param] = String(body[f] ?? (f === field ? id : ''))
            delete body[f]
          }
          // A path parameter that is not an input field of its own still names the record.
          for (const param of row.params) params[param] ??= String(id)
          return { params, body }
        }
        const attempt = await build(target.id)
        attempts.push({
          label: `${row.method} ${row.path} {${field}: A's ${target.kind} ${target.id}}`,
          group: `${row.method} ${row.path} ${field}`,
          send: (token) => restRequest(row, attempt.params, attempt.body, token),
          control: async () => {
            const own = await build(await freshRecord(target.kind, target.id))
            return restRequest(row, own.params, own.body, b.token)
          },
        })
      }
    }
    if (row.params.some((p) => !Object.values(row.paramFields).includes(p))) {
      problems.push(`${row.method} ${row.path}: a path parameter that no input field takes`)
    }
  }
  return attempts
}

function excerpt(res: LightMyRequestResponse) {
  return `${res.statusCode} ${res.body.slice(0, 160)}`
}

// ——— The tests ———

let before: Record<string, string[]>
let attempts: Attempt[] = []

const t = suiteApp(() => {
  const generous = Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { points: 1_000_000_000, durationSeconds: 60 }]),
  ) as Record<RateLimitName, { points: number; durationSeconds: number }>
  return createTestApp({
    env: {
      GLOBAL_RATE_PER_MINUTE: '1000000',
      CHAT_RATE_PER_MINUTE: '1000000',
      // PayPal configured (nothing listens there): cancelling an I- id reaches the ownership check.
      PAYPAL_CLIENT_ID: 'ownership-paypal-client',
      PAYPAL_CLIENT_SECRET: 'ownership-paypal-secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
    },
    overrides: { limits: createRateLimits(generous) },
  })
})

beforeAll(async () => {
  a = await owner('a')
  b = await owner('b')
  before = await snapshot(a.id, a.email)
  attempts = [...(await procedureAttempts()), ...(await restAttempts())]
}, 120_000)

describe("a second owner on the first owner's records", () => {
  it("A's records exist and the snapshot holds them", () => {
    expect(before.cats).toHaveLength(1)
    expect(before.cat_photos).toHaveLength(1)
    expect(before.cat_photos?.[0]).toContain('\\\\x89504e47') // the photo's PNG bytes, as hex
    expect(before.conversations).toHaveLength(1)
    expect(before.conversation_messages).toHaveLength(4)
    expect(before.interviews).toHaveLength(1)
    expect(before.interview_messages).toHaveLength(2)
    expect(before.subscriptions).toHaveLength(2)
    expect(before.payments).toHaveLength(1)
  })

  it('every id-taking row and procedure could be given a valid input', () => {
    expect([...new Set(problems)]).toEqual([])
    // Every path with a parameter is among the attempts.
    for (const row of ROWS.filter((r) => r.params.length > 0)) {
      expect(attempts.some((x) => x.label.startsWith(`${row.method} ${row.path} `))).toBe(true)
    }
  })

  it('B gets 404 for every one of them (a 400 only where the id is not of the kind the path takes)', async () => {
    const wrong: string[] = []
    const notFound = new Set<string>()
    for (const attempt of attempts) {
      const res = await attempt.send(b.token)
      attempt.status = res.statusCode
      if (res.statusCode === 404) notFound.add(attempt.group)
      if (
        (res.statusCode !== 404 && res.statusCode !== 400) ||
        showsStackTrace(res.body) ||
        res.body.includes(a.email)
      ) {
        wrong.push(`${attempt.label} → ${excerpt(res)}`)
      }
    }
    const groups = [...new Set(attempts.map((x) => x.group))]
    const never404 = groups.filter((g) => !notFound.has(g)).map((g) => `${g}: no attempt answered 404`)
    console.info(`ownership: ${attempts.length} attempts on A's records, in ${groups.length} rows/fields`)
    expect([...wrong, ...never404]).toEqual([])
    expect(attempts.length).toBeGreaterThan(20)
  }, 120_000)

  it('an anonymous caller gets 401 or 404 for every one of them', async () => {
    const wrong: string[] = []
    for (const attempt of attempts) {
      const res = await attempt.send(null)
      if (![400, 401, 404].includes(res.statusCode) || res.body.includes(a.email)) {
        wrong.push(`${attempt.label} → ${excerpt(res)}`)
      }
    }
    expect(wrong).toEqual([])
  }, 120_000)

  it("A's rows are byte-for-byte unchanged", async () => {
    expect(await snapshot(a.id, a.email)).toEqual(before)
  })

  it('the owner sending its own cat back unchanged gets the cat, not a 404', async () => {
    const catId = Number(a.records.cat[0])
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/supabase/cats/${catId}`,
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(excerpt(res)).toMatch(/^200 /)
  })

  it('A still reads its own cat and photo', async () => {
    const api = await t.caller(a.token)
    const catId = Number(a.records.cat[0])
    expect((await api.cat.get({ id: catId })).has_photo).toBe(true)
    const { url } = await api.cat.photo({ id: catId })
    const image = await t.app.inject({ method: 'GET', url: url! })
    expect([image.statusCode, image.headers['content-type']]).toEqual([200, 'image/png'])
  })

  it('control: the same requests with B’s own records are accepted (neither 400, 401 nor 404)', async () => {
    const refused: string[] = []
    // The 404s above are ownership answers only if B's own record passes the same request.
    for (const attempt of attempts.filter((x) => x.status === 404)) {
      const res = await attempt.control()
      if ([400, 401, 403, 404].includes(res.statusCode)) refused.push(`${attempt.label} → ${excerpt(res)}`)
    }
    expect(refused).toEqual([])
  }, 120_000)
})
