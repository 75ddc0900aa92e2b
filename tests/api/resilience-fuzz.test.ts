// Generated bad input against the whole HTTP surface: every REST row the router declares and every tRPC
// procedure of appRouter (read at run time, so rows and procedures added later are fuzzed too), with
// no token, a valid one and junk ones. Whatever arrives, the answer is never a 5xx, never shows a stack
// trace or a source path, REST errors keep the {error} shape, and the server stays healthy.
import { createHmac } from 'node:crypto'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_BODY_LIMIT } from '../../server/body-limits.ts'
import {
  createRateLimits,
  DEFAULT_RATE_LIMITS,
  type RateLimitName,
} from '../../server/services/rate-limits.ts'
import { createTokenService } from '../../server/services/tokens.ts'
import {
  encodeJunk,
  fillPath,
  type ProcedureInfo,
  procedures,
  recordKind,
  restTable,
  sampleField,
  sampleInput,
  showsStackTrace,
  TINY_PNG_BASE64,
} from '../helpers/api-surface.ts'
import { createTestApp, suiteApp } from '../helpers/app.ts'
import { CARD_CHECKOUT } from '../helpers/checkout.ts'

const JWT_SECRET = 'fuzz-secret-that-is-long-enough-for-hs256-signing'
/** Cases per REST row and per procedure; with today's 33 rows and 41 procedures that is > 2,000 cases. */
const CASES_PER_ROW = 20
const CASES_PER_PROCEDURE = 15
const BATCH_CASES = 150
const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31))

// Procedures that end the owner's session or account would end the fuzzing owner's token
// mid-run; they take no input, and tests/api/account-sessions.test.ts covers them on both surfaces.
const SESSION_ENDING = new Set(['auth.logout', 'auth.logoutEverywhere', 'account.deleteAccount'])
const PROCEDURES = procedures().filter((p) => !SESSION_ENDING.has(p.path))
const ROWS = (await restTable()).filter((row) => !SESSION_ENDING.has(row.procedure ?? ''))

let cases = 0
/** The cases the fuzz tests that ran set out to send (their numRuns): `cases` must come to this. */
let planned = 0
/** Header values for Authorization, by name; `valid` is a real session of an owner with records. */
const auth: Record<string, string | undefined> = {}
/** The owner's own record ids, so some generated requests reach real rows. */
const own = {
  cat: 0,
  conversation: 0,
  interview: 0,
  subscription: '',
  weight: 0,
  attachment: 0,
  checkIn: 0,
  vaccination: 0,
  medication: 0,
  document: 0,
  shareLink: 0,
  calendarFeed: 0,
  followUp: 0,
  householdMember: 0,
}

// ——— Generators ———

const SPECIAL_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x1f',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../',
  '../../etc/passwd',
  '..%2F..%2F',
  '%00',
  '\u0000',
  'nul\u0000byte',
  '\n',
  '\r\n',
  '\t',
  '🐱',
  '猫のタマ',
  'Zoë',
  '\u202eevil',
  '\ud800',
  '\udfff',
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  // A template-injection probe, spelled out on purpose.
  ['$', '{7*7}'].join(''),
  '{{7*7}}',
  '__proto__',
  'constructor',
  'sub_',
  'sub_demo_nope',
  'I-NOPE',
  'pm_card_visa',
  'pm_card_chargeDeclined',
  'cus_nope',
  'x'.repeat(300),
  '9'.repeat(40),
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1'.repeat(400),
]
const SPECIAL_NUMBERS = [
  0,
  -0,
  1,
  -1,
  0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e21,
  1e308,
  5e-324,
]
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf']
const POLLUTION_VALUES = ['{"kcPolluted":true}', '{"prototype":{"kcPolluted":true}}', '"kcPolluted"', 'null']

const printable = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) })

const junkString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
)
const junkNumber = fc.oneof(
  fc.constantFrom(...SPECIAL_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)
/** One JSON scalar, as JSON text. */
const scalarText = fc.oneof(
  fc.constant('null'),
  fc.boolean().map(String),
  junkNumber.map((n) => JSON.stringify(n)),
  junkString.map((s) => JSON.stringify(s)),
)
const keyArb = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constantFrom(...POLLUTION_KEYS) },
)
/** Any JSON value as text, nested a few levels; objects may repeat keys and carry __proto__. */
const { json: junkJson } = fc.letrec<{ json: string; array: string; object: string }>((tie) => ({
  json: fc.oneof({ maxDepth: 3, depthSize: 'small' }, scalarText, tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(keyArb, tie('json')), { maxLength: 5 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
}))

const INVALID_JSON = [
  '{',
  '{"a":',
  'nul',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\u0000',
  'undefined',
  '{"a":NaN}',
]

/** A body: a description the request builder turns into bytes (huge ones are built lazily). */
type Body =
  | { kind: 'text'; text: string }
  | { kind: 'huge'; key: string; size: number }
  | { kind: 'deep'; depth: number }
  | { kind: 'none' }

/** An object over the target's own fields (each omitted, valid, or junk) plus stray and polluting keys. */
function fieldsObject(procedure: ProcedureInfo | undefined): fc.Arbitrary<string> {
  const keys = procedure?.keys ?? []
  const validText = (key: string) => {
    const value = sampleField(key, { sessionId: 'fuzz-session-0001', ids: ownIds(procedure) })
    return value === undefined ? undefined : JSON.stringify(value)
  }
  const perKey = keys.map((key) => {
    const valid = validText(key)
    return fc.oneof(
      fc.constant(undefined),
      ...(valid === undefined ? [] : [fc.constant(valid)]),
      junkJson,
    ) as fc.Arbitrary<string | undefined>
  })
  const extras = fc.array(
    fc.oneof(
      fc.tuple(keyArb, junkJson),
      fc.tuple(fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom(...POLLUTION_VALUES)),
    ),
    { maxLength: 2 },
  )
  return fc.tuple(fc.tuple(...perKey), extras).map(([values, extra]) => {
    const entries: string[] = []
    keys.forEach((key, i) => {
      if (values[i] !== undefined) entries.push(`${JSON.stringify(key)}:${values[i]}`)
    })
    for (const [k, v] of extra) entries.push(`${JSON.stringify(k)}:${v}`)
    return `{${entries.join(',')}}`
  })
}

function bodyArb(procedure: ProcedureInfo | undefined, limit: number): fc.Arbitrary<Body> {
  const keys = procedure?.keys.length ? procedure.keys : ['x']
  return fc.oneof(
    { weight: 8, arbitrary: fieldsObject(procedure).map((text) => ({ kind: 'text' as const, text })) },
    { weight: 3, arbitrary: junkJson.map((text) => ({ kind: 'text' as const, text })) },
    {
      weight: 1,
      arbitrary: fc
        .oneof(fc.constantFrom(...INVALID_JSON), printable)
        .map((text) => ({ kind: 'text' as const, text })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          key: fc.constantFrom(...keys),
          size: fc.constantFrom(10_000, limit - 200, limit + 1),
        })
        .map(({ key, size }) => ({ kind: 'huge' as const, key, size })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(100, 5_000, 100_000).map((depth) => ({ kind: 'deep' as const, depth })),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  )
}

function bodyBytes(body: Body): string | undefined {
  switch (body.kind) {
    case 'text':
      return body.text
    case 'huge':
      return `{${JSON.stringify(body.key)}:"${'x'.repeat(Math.max(0, body.size - body.key.length - 7))}"}`
    case 'deep':
      return `${'['.repeat(body.depth)}${']'.repeat(body.depth)}`
    case 'none':
      return undefined
  }
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=kitty',
  'application/octet-stream',
  'application/xml',
  'application/jsonx',
  '',
]
const contentTypeArb = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
)

const authArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('valid') },
  { weight: 2, arbitrary: fc.constant('none') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'deletedAccount',
      'expired',
      'otherSecret',
      'algNone',
      'tampered',
      'bare',
      'basic',
      'lowercase',
      'doubleSpace',
      'huge',
      'junkJwt',
    ),
  },
  { weight: 1, arbitrary: printable.map((s) => `raw:Bearer ${s}`) },
)

function authHeader(name: string): string | undefined {
  if (name.startsWith('raw:')) return name.slice(4)
  return auth[name]
}

/** Numbers at the edges of the database's integer columns and of JavaScript's numbers. */
const BOUNDARY_IDS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '1e3',
  '1e21',
  '1.0',
  '0001',
  ' 1',
  '1 ',
  '+1',
  '0x10',
]
const RAW_PARAMS = [
  '../',
  '..',
  '.',
  '%',
  '%zz',
  '%2e%2e',
  '..%2f',
  '//',
  'a/b',
  ';',
  '%00',
  '%E0%A4%A',
  '%ff',
  '?x=1',
]
function idParamArb(): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc
    .oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          String(own.cat),
          String(own.conversation),
          String(own.interview),
          own.subscription,
        ),
      },
      { weight: 2, arbitrary: fc.constantFrom(...BOUNDARY_IDS) },
      { weight: 1, arbitrary: fc.integer().map(String) },
      { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
      { weight: 3, arbitrary: junkString },
    )
    .chain((value) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant({ value, raw: false }) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_PARAMS).map((raw) => ({ value: raw, raw: true })) },
      ),
    )
}

const queryArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(keyArb, fc.constantFrom('id', 'a[]', '__proto__[x]')), junkString), {
        maxLength: 3,
      })
      .map((pairs) => `?${pairs.map(([k, v]) => `${encodeJunk(k)}=${encodeJunk(v)}`).join('&')}`),
  },
)

function ownIds(procedure: ProcedureInfo | undefined): Record<string, unknown> {
  const ids: Record<string, unknown> = {
    catId: own.cat,
    conversationId: own.conversation,
    interviewId: own.interview,
    subscriptionId: own.subscription,
  }
  const kind = procedure ? recordKind(procedure.path, 'id') : null
  if (kind) ids.id = own[kind]
  return ids
}

// ——— Running a case and judging its answer ———

interface Violation {
  target: string
  problem: string
  request: string
}
const violations: Violation[] = []

interface Request {
  method: string
  url: string
  headers: Record<string, string>
  payload?: string | undefined
  /** Which kind of Authorization header was sent (valid, none, deletedAccount, expired …). */
  auth: string
}

function describeRequest(req: Request): string {
  const headers = [
    `token: ${req.auth}`,
    ...Object.entries(req.headers)
      .filter(([k]) => k !== 'authorization')
      .map(([k, v]) => `${k}: ${v.length > 60 ? `${v.slice(0, 60)}…` : v}`),
  ].join('; ')
  const body = req.payload === undefined ? '' : ` body(${req.payload.length}): ${req.payload.slice(0, 200)}`
  return `${req.method} ${req.url.slice(0, 300)} [${headers}]${body}`
}

async function send(target: string, req: Request, surface: 'rest' | 'trpc'): Promise<LightMyRequestResponse> {
  cases++
  const res = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: req.headers,
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  })
  const problems: string[] = []
  if (res.statusCode >= 500) {
    problems.push(`status ${res.statusCode} (${serverError(res)}): ${res.body.slice(0, 160)}`)
  }
  if (showsStackTrace(res.body)) problems.push(`stack trace or path in body: ${res.body.slice(0, 300)}`)
  if (surface === 'trpc') {
    // A batch answers 207 (or a 200 stream) while an item inside failed: look at every item's status.
    const inner = /"httpStatus":\s*(5\d\d)/.exec(res.body)
    if (inner && res.statusCode < 500) {
      problems.push(`an item answered ${inner[1]} (${serverError(res)}): ${res.body.slice(0, 200)}`)
    }
  } else if (res.statusCode >= 400) {
    let parsed: unknown
    try {
      parsed = JSON.parse(res.body)
    } catch {
      parsed = undefined
    }
    const error = (parsed as { error?: unknown } | undefined)?.error
    if (typeof error !== 'string' || error === '') {
      problems.push(`status ${res.statusCode} without {error: string}: ${res.body.slice(0, 200)}`)
    }
  }
  for (const problem of problems) violations.push({ target, problem, request: describeRequest(req) })
  return res
}

/** The first line of the error the server logged for this request (by its request id). */
function serverError(res: LightMyRequestResponse): string {
  const id = res.headers['x-request-id']
  for (const line of t.logs) {
    if (!line.includes(String(id))) continue
    const entry = JSON.parse(line) as {
      level?: number
      msg?: string
      err?: { type?: string; message?: string }
    }
    if ((entry.level ?? 0) >= 50) {
      return `server: ${entry.msg} — ${entry.err?.type ?? ''}: ${(entry.err?.message ?? '').trim().split('\n').slice(-1)[0]?.slice(0, 160)}`
    }
  }
  return 'nothing logged'
}

function headersFor(authName: string, contentType: string | null): Record<string, string> {
  const headers: Record<string, string> = {}
  const authorization = authHeader(authName)
  if (authorization !== undefined) headers.authorization = authorization
  if (contentType) headers['content-type'] = contentType
  return headers
}

/** One line per distinct problem (the shortest request that showed it), for a readable failure. */
function summary(target: string): string[] {
  const distinct = new Map<string, Violation>()
  for (const v of violations.filter((x) => x.target === target)) {
    // One example per kind of failure: its status and the server's own error, without the numbers.
    const key = v.problem.replace(/\): .*$/s, ')').replace(/\d+/g, 'N')
    const seen = distinct.get(key)
    if (!seen || v.request.length < seen.request.length) distinct.set(key, v)
  }
  return [...distinct.values()].map((v) => `${v.problem}\n    ← ${v.request}  (FC_SEED=${SEED})`)
}

// ——— The tests ———

const t = suiteApp(() => {
  const generous = Object.fromEntries(
    Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, { points: 1_000_000_000, durationSeconds: 60 }]),
  ) as Record<RateLimitName, { points: number; durationSeconds: number }>
  return createTestApp({
    env: { JWT_SECRET, GLOBAL_RATE_PER_MINUTE: '1000000', CHAT_RATE_PER_MINUTE: '1000000' },
    overrides: { limits: createRateLimits(generous) },
  })
})

beforeAll(async () => {
  // An owner with one of each record, so valid-token requests reach real rows.
  const owner = await t.signIn('fuzz-owner@example.com')
  const api = await t.caller(owner.token)
  const checkout = await api.billing.checkout({ ...CARD_CHECKOUT, checkoutKey: 'fuzz-checkout-0001' })
  own.subscription = checkout.subscriptionId
  own.cat = (await api.cat.create({ name: 'Fuzzy', breed: 'Siamese', age: 3 })).id
  own.conversation = (await api.conversation.create({ session_id: 'fuzz-session-0001' })).id
  own.interview = (await api.interview.create({ session_id: 'fuzz-session-0001' })).id
  own.weight = (await api.progress.logWeight({ weight: 9, unit: 'Lbs' })).id
  own.attachment = (await api.attachment.upload({ data: TINY_PNG_BASE64, mimetype: 'image/png' })).id
  own.vaccination = (await api.record.addVaccination({ name: 'Rabies', given_on: '2026-01-10' })).id
  own.medication = (
    await api.record.addMedication({ name: 'Methimazole', dose: '2.5 mg', times: ['08:00'] })
  ).id
  own.document = (await api.record.uploadDocument({ title: 'Lab', data: TINY_PNG_BASE64 })).id
  // Check-ins are made by the reminder worker; one is written directly.
  own.checkIn = (
    await t.db.checkIn.create({ data: { catId: own.cat, dueAt: new Date(), sentAt: new Date() } })
  ).id
  await api.progress.shareReport({})
  own.shareLink = (await api.progress.shareLinks({}))[0]?.id ?? 0
  await api.record.createCalendar({})
  own.calendarFeed = (await api.record.calendarFeeds({}))[0]?.id ?? 0
  // Follow-ups are made when an escalated reply is stored; one is written directly, on a reply row.
  const reply = await t.db.conversationMessage.create({
    data: {
      conversationId: own.conversation,
      role: 'assistant',
      content: 'Go to a vet now.',
      urgency: 'emergency',
    },
  })
  own.followUp = (
    await t.db.followUp.create({
      data: {
        userId: owner.id,
        catId: own.cat,
        conversationId: own.conversation,
        messageId: reply.id,
        urgency: 'emergency',
        dueAt: new Date(),
      },
    })
  ).id

  own.householdMember = (
    await api.household.invite({
      email: `fuzz-invitee-${Date.now()}@example.com`,
      role: 'sitter',
    })
  ).id

  // A signed, unexpired token of an account that no longer exists (deleted, or a database reset).
  const gone = await t.signIn('fuzz-deleted@example.com')
  await t.db.user.delete({ where: { id: gone.id } })

  const user = { id: owner.id, email: 'fuzz-owner@example.com', firstName: 'Test', fullName: 'Test Owner' }
  const other = createTokenService({
    secret: 'another-secret-that-is-long-enough-for-hs256',
    ttlSeconds: 600,
    db: t.db,
  })
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const expiredBody = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(owner.id), email: user.email, iat: now - 7200, exp: now - 3600 })}`
  const expired = `${expiredBody}.${createHmac('sha256', JWT_SECRET).update(expiredBody).digest('base64url')}`
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(owner.id), email: user.email, exp: now + 3600 })}.`
  const tampered = `${owner.token.slice(0, -3)}${owner.token.endsWith('AAA') ? 'BBB' : 'AAA'}`

  Object.assign(auth, {
    valid: `Bearer ${owner.token}`,
    none: undefined,
    deletedAccount: `Bearer ${gone.token}`,
    expired: `Bearer ${expired}`,
    otherSecret: `Bearer ${(await other.issue(user)).token}`,
    algNone: `Bearer ${algNone}`,
    tampered: `Bearer ${tampered}`,
    bare: 'Bearer',
    basic: 'Basic dXNlcjpwYXNzd29yZA==',
    lowercase: `bearer ${owner.token}`,
    doubleSpace: `Bearer  ${owner.token} extra`,
    huge: `Bearer ${'A'.repeat(8000)}`,
    junkJwt: 'Bearer eyJ.eyJ.sig',
  })
}, 120_000)

/** A valid input for the procedure with the owner's own ids (undefined when none could be made). */
async function validInput(
  procedure: ProcedureInfo | undefined,
): Promise<Record<string, unknown> | undefined> {
  if (!procedure) return undefined
  return (await sampleInput(procedure, { sessionId: 'fuzz-session-0001', ids: ownIds(procedure) })).input
}

/** Copies of `value`, each with exactly one of its strings carrying `poison` (NUL: text columns refuse it). */
function oneStringPoisoned(value: unknown, poison = 'nul\u0000byte'): unknown[] {
  if (typeof value === 'string') return [`${value}${poison}`]
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => oneStringPoisoned(item, poison).map((v) => value.with(i, v)))
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      oneStringPoisoned(item, poison).map((v) => ({ ...value, [key]: v })),
    )
  }
  return []
}

const AUTH_KINDS = () => [...Object.keys(auth), 'raw:Bearer x.y.z']

/** `BOUNDARY_IDS` as JSON values: numbers where they parse as one, and the text itself. */
const boundaryValues = () => [
  ...new Set([...BOUNDARY_IDS.map(Number).filter((n) => Number.isFinite(n)), ...BOUNDARY_IDS, -1e21, 1.5]),
]

describe('every REST row answers generated bad input without a 5xx', () => {
  it('reads the rows the router declares', () => {
    expect(ROWS.length).toBeGreaterThan(0)
  })

  for (const row of ROWS) {
    const target = `${row.method} ${row.path}`
    const procedure = PROCEDURES.find((p) => p.path === row.procedure)
    it(target, { timeout: 120_000 }, async () => {
      const caseArb = fc.record({
        params: fc.tuple(...row.params.map(() => idParamArb())),
        body: bodyArb(procedure, row.bodyLimit),
        contentType: contentTypeArb,
        auth: authArb,
        query: queryArb,
      })
      type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never

      // Edges first, each with an otherwise valid request so that only the edge is wrong: every
      // boundary id, every kind of token, every content type.
      const input = { ...(await validInput(procedure)) }
      for (const field of Object.keys(row.paramFields)) delete input[field]
      const kind = procedure ? recordKind(procedure.path, 'id') : null
      const ownId = kind ? String(own[kind]) : '1'
      const valid: Case = {
        params: row.params.map(() => ({ value: ownId, raw: false })),
        body: { kind: 'text', text: JSON.stringify(input) },
        contentType: 'application/json',
        auth: 'valid',
        query: '',
      }
      const examples: Case[] = [
        valid,
        ...(row.params.length ? BOUNDARY_IDS : []).map((id) => ({
          ...valid,
          params: row.params.map(() => ({ value: id, raw: false })),
        })),
        ...AUTH_KINDS().map((name) => ({ ...valid, auth: name })),
        ...(row.method === 'GET' ? [] : CONTENT_TYPES).map((contentType) => ({ ...valid, contentType })),
        ...(row.method === 'GET' ? [] : oneStringPoisoned(input)).map((body) => ({
          ...valid,
          body: { kind: 'text' as const, text: JSON.stringify(body) },
        })),
        ...(row.params.length ? ['nul\u0000byte', `${ownId}\u0000`] : []).map((id) => ({
          ...valid,
          params: row.params.map(() => ({ value: id, raw: false })),
        })),
      ]

      const numRuns = examples.length + CASES_PER_ROW
      planned += numRuns
      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          const anyRaw = c.params.some((p) => p.raw)
          const values = Object.fromEntries(row.params.map((name, i) => [name, c.params[i]!.value]))
          const url = `${fillPath(row.path, values, anyRaw)}${c.query}`
          const payload = row.method === 'GET' ? undefined : bodyBytes(c.body)
          const contentType = payload === undefined ? null : c.contentType
          await send(
            target,
            { method: row.method, url, headers: headersFor(c.auth, contentType), payload, auth: c.auth },
            'rest',
          )
        }),
        {
          numRuns,
          examples: examples.map((e) => [e]),
          seed: SEED,
          endOnFailure: true,
        },
      )
      expect(summary(target)).toEqual([])
    })
  }
})

describe('every tRPC procedure answers generated bad input without a 5xx', () => {
  it('reads the procedures from appRouter', () => {
    expect(PROCEDURES.length).toBeGreaterThan(0)
  })

  for (const procedure of PROCEDURES) {
    const target = `${procedure.type} ${procedure.path}`
    it(target, { timeout: 120_000 }, async () => {
      // The body limit of the procedure's REST row (photo uploads are larger), else the default.
      const limit = Math.max(
        DEFAULT_BODY_LIMIT,
        ...ROWS.filter((row) => row.procedure === procedure.path).map((row) => row.bodyLimit),
      )
      const caseArb = fc.record({
        // Mostly the procedure's own method; sometimes the other one (405).
        wrongMethod: fc.oneof(
          { weight: 8, arbitrary: fc.constant(false) },
          { weight: 1, arbitrary: fc.constant(true) },
        ),
        body: bodyArb(procedure, limit),
        rawInput: fc.oneof(
          { weight: 6, arbitrary: fc.constant<string | null>(null) },
          { weight: 1, arbitrary: fc.constantFrom('%zz', '{', '', '%7B%22', 'null', 'undefined') },
        ),
        contentType: contentTypeArb,
        stream: fc.oneof(
          { weight: 5, arbitrary: fc.constant(false) },
          { weight: 1, arbitrary: fc.constant(true) },
        ),
        auth: authArb,
      })
      type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never

      const input = await validInput(procedure)
      const withInput = (value: unknown): Case['body'] =>
        value === undefined ? { kind: 'none' } : { kind: 'text', text: JSON.stringify(value) }
      const valid: Case = {
        wrongMethod: false,
        body: withInput(input),
        rawInput: null,
        contentType: 'application/json',
        stream: false,
        auth: 'valid',
      }
      const ids = procedure.keys.filter((key) => recordKind(procedure.path, key) !== null)
      const examples: Case[] = [
        valid,
        { ...valid, stream: true },
        ...ids.flatMap((field) =>
          boundaryValues().map((value) => ({ ...valid, body: withInput({ ...input, [field]: value }) })),
        ),
        ...AUTH_KINDS().map((name) => ({ ...valid, auth: name })),
        ...(procedure.type === 'query' ? [] : CONTENT_TYPES).map((contentType) => ({
          ...valid,
          contentType,
        })),
        ...oneStringPoisoned(input).map((value) => ({ ...valid, body: withInput(value) })),
      ]

      const numRuns = examples.length + CASES_PER_PROCEDURE
      planned += numRuns
      await fc.assert(
        fc.asyncProperty(caseArb, async (c) => {
          const asQuery = (procedure.type === 'query') !== c.wrongMethod
          const text = bodyBytes(c.body)
          const headers = headersFor(c.auth, asQuery || text === undefined ? null : c.contentType)
          if (c.stream) headers['trpc-accept'] = 'application/jsonl'
          const base = `/trpc/${procedure.path}`
          if (asQuery) {
            const query = c.rawInput ?? (text === undefined ? null : encodeJunk(text.slice(0, 20_000)))
            const url = query === null ? base : `${base}?input=${query}`
            await send(target, { method: 'GET', url, headers, auth: c.auth }, 'trpc')
          } else {
            await send(target, { method: 'POST', url: base, headers, payload: text, auth: c.auth }, 'trpc')
          }
        }),
        {
          numRuns,
          examples: examples.map((e) => [e]),
          seed: SEED,
          endOnFailure: true,
        },
      )
      expect(summary(target)).toEqual([])
    })
  }

  it('batched calls of several procedures, with junk inputs and junk paths', {
    timeout: 120_000,
  }, async () => {
    const paths = PROCEDURES.map((p) => p.path)
    const caseArb = fc.record({
      members: fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...paths) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('nope', '', '..', 'cat', 'cat.get.x', '__proto__', 'constructor'),
          },
          // Paths with '%' in them (sent escaped): tRPC decodes the path once more itself.
          { weight: 1, arbitrary: fc.oneof(fc.constantFrom('%', '%25', 'cat.list%', '%E0%A4'), junkString) },
        ),
        { minLength: 1, maxLength: 6 },
      ),
      post: fc.boolean(),
      inputs: fc.array(fc.tuple(fc.oneof(fc.nat(8).map(String), keyArb), junkJson), { maxLength: 6 }),
      whole: fc.oneof(
        { weight: 6, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.oneof(junkJson, fc.constantFrom(...INVALID_JSON)) },
      ),
      stream: fc.boolean(),
      auth: authArb,
    })
    planned += BATCH_CASES
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const input = c.whole ?? `{${c.inputs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`
        const base = `/trpc/${c.members.map(encodeJunk).join(',')}?batch=1`
        const headers = headersFor(c.auth, c.post ? 'application/json' : null)
        if (c.stream) headers['trpc-accept'] = 'application/jsonl'
        const req: Request = c.post
          ? { method: 'POST', url: base, headers, payload: input, auth: c.auth }
          : { method: 'GET', url: `${base}&input=${encodeJunk(input)}`, headers, auth: c.auth }
        await send('batch', req, 'trpc')
      }),
      { numRuns: BATCH_CASES, seed: SEED, endOnFailure: true },
    )
    expect(summary('batch')).toEqual([])
  })
})

describe('afterwards', () => {
  // The count is of the plan, not of what ran: run alone (-t), this block still passes or fails on its own.
  it('plans at least 2,000 cases: per row and procedure a valid request, every kind of token, random ones', () => {
    const perRow = 1 + AUTH_KINDS().length + CASES_PER_ROW
    const perProcedure = 2 + AUTH_KINDS().length + CASES_PER_PROCEDURE
    expect(ROWS.length * perRow + PROCEDURES.length * perProcedure + BATCH_CASES).toBeGreaterThanOrEqual(2000)
  })

  it('sent every case the tests that ran planned, and the server is still healthy', async () => {
    console.info(`resilience fuzz: ${cases} requests, FC_SEED=${SEED}`)
    expect(cases).toBe(planned)
    const health = await t.app.inject({ method: 'GET', url: '/healthz' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'ok' })
    // The owner's session still works end to end.
    const cats = await t.app.inject({
      method: 'GET',
      url: '/api/supabase/cats',
      headers: { authorization: auth.valid! },
    })
    expect(cats.statusCode).toBe(200)
  })

  it('logged no unhandled error and no failed procedure', () => {
    const failures = t.logs
      .map((line) => {
        try {
          return JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string } }
        } catch {
          return { msg: line }
        }
      })
      .filter((entry) => entry.msg === 'unhandled error' || entry.msg === 'procedure failed')
      .map((entry) => {
        const message = (entry.err?.message ?? '').trim().split('\n').slice(-1)[0] ?? ''
        return `${entry.msg}: ${entry.err?.type ?? ''}: ${message.replace(/\d+/g, 'N').slice(0, 160)}`
      })
    expect([...new Set(failures)]).toEqual([])
  })

  it('polluted no prototype', () => {
    expect(({} as Record<string, unknown>).kcPolluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('kcPolluted')
  })
})
