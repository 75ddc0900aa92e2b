// The whole API surface, read from the server's own tables at run time: every tRPC procedure of
// appRouter and every REST row the router declares (with the procedure each row calls). The resilience tests
// walk these lists, so a procedure or row added later is covered without editing the tests.
import { randomUUID } from 'node:crypto'
import { restRows, type ServedRow } from '../../server/rest/table.ts'
import { appRouter } from '../../server/routers/index.ts'

/** The part of a zod (v4) schema these helpers read. */
interface ZodLike {
  _zod: { def: ZodDef; optin?: 'optional' | undefined }
  safeParseAsync(value: unknown): Promise<{ success: boolean; error?: { issues: unknown[] } }>
}
interface ZodDef {
  type: string
  shape?: Record<string, ZodLike>
  innerType?: ZodLike
  in?: ZodLike
  options?: ZodLike[]
  left?: ZodLike
  right?: ZodLike
  element?: ZodLike
  entries?: Record<string, string | number>
  values?: unknown[]
  checks?: Array<{ _zod: { def: { check: string; minimum?: number; value?: number } } }>
}

const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParseAsync' in value

export interface ProcedureInfo {
  /** 'cat.get' */
  path: string
  /** 'cat' */
  router: string
  type: 'query' | 'mutation' | 'subscription'
  /** The procedure's input parsers, in order (zod schemas or plain functions). */
  parsers: unknown[]
  /** Top-level field names of the input when it is an object schema (empty when unknown). */
  keys: string[]
  /** Fields the input cannot do without. */
  required: string[]
  /** Field schemas by name, for synthesising valid values. */
  fields: Record<string, ZodLike>
}

/** The object shape behind optional/default/pipe/refine wrappers, merged over unions and intersections. */
function objectShape(schema: ZodLike | undefined, depth = 0): Record<string, ZodLike> {
  if (!schema || depth > 10) return {}
  const def = schema._zod.def
  switch (def.type) {
    case 'object':
      return { ...(def.shape ?? {}) }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return objectShape(def.innerType, depth + 1)
    case 'pipe':
      return objectShape(def.in, depth + 1)
    case 'union':
      return Object.assign({}, ...(def.options ?? []).map((o) => objectShape(o, depth + 1)))
    case 'intersection':
      return { ...objectShape(def.left, depth + 1), ...objectShape(def.right, depth + 1) }
    default:
      return {}
  }
}

function acceptsUndefined(schema: ZodLike): boolean {
  return (
    schema._zod.optin === 'optional' ||
    ['optional', 'default', 'prefault', 'undefined', 'any', 'unknown', 'void'].includes(schema._zod.def.type)
  )
}

interface ProcedureDef {
  _def: { type: ProcedureInfo['type']; inputs: unknown[] }
}

/** Every procedure of appRouter (its flat `_def.procedures` table). */
export function procedures(): ProcedureInfo[] {
  const table = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def
    .procedures
  return Object.entries(table)
    .map(([path, procedure]) => {
      const parsers = procedure._def.inputs ?? []
      const fields: Record<string, ZodLike> = {}
      for (const parser of parsers) if (isZod(parser)) Object.assign(fields, objectShape(parser))
      const keys = Object.keys(fields)
      return {
        path,
        router: path.split('.')[0] ?? '',
        type: procedure._def.type,
        parsers,
        keys,
        required: keys.filter((key) => !acceptsUndefined(fields[key]!)),
        fields,
      }
    })
    .sort((a, b) => a.path.localeCompare(b.path))
}

export interface RestInfo {
  method: ServedRow['method']
  /** Fastify path syntax: /api/supabase/cats/:id */
  path: string
  /** The procedure the row calls ('cat.get'), as its meta declares. */
  procedure: string | null
  /** Procedure input fields filled from path parameters (`{id: 'id'}`: input.id ← :id). */
  paramFields: Record<string, string>
  params: string[]
  bodyLimit: number
  rawBody: boolean
}

/** Every REST row the router declares, with the procedure it calls and which input fields its path fills. */
export async function restTable(): Promise<RestInfo[]> {
  return restRows().map((row) => {
    // A row's input mapper fills the field named like each path parameter (the default mapping); a
    // row with a mapper of its own is probed with marked values to see where they land.
    const marks = Object.fromEntries(row.params.map((p) => [p, `__param_${p}__`]))
    const input = row.toInput({ body: {}, params: marks, query: {}, headers: {} })
    const paramFields: Record<string, string> = {}
    if (input && typeof input === 'object') {
      for (const [field, value] of Object.entries(input)) {
        const param = row.params.find((p) => value === marks[p])
        if (param) paramFields[field] = param
      }
    }
    return {
      method: row.method,
      path: row.path,
      procedure: row.procedure,
      paramFields,
      params: row.params,
      bodyLimit: row.bodyLimit,
      rawBody: row.rawBody,
    }
  })
}

/** A concrete URL for a row: each `:param` replaced (URL-encoded unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
    const value = values[name] ?? ''
    return raw ? value : encodeJunk(value)
  })
}

// ——— Valid inputs: a sample value per field name, else one synthesised from the field's schema ———

/** Input fields that name a record, and the kind of record they name. */
export const ID_FIELDS: Record<string, RecordKind | 'byRouter'> = {
  id: 'byRouter',
  catId: 'cat',
  cat_id: 'cat',
  conversationId: 'conversation',
  interviewId: 'interview',
  subscriptionId: 'subscription',
}
export type RecordKind =
  | 'cat'
  | 'conversation'
  | 'interview'
  | 'subscription'
  | 'weight'
  | 'attachment'
  | 'checkIn'
  | 'vaccination'
  | 'medication'
  | 'document'
  | 'shareLink'
  | 'calendarFeed'
  | 'followUp'
  | 'householdMember'

/** Id fields an input takes without declaring them in a schema (parsed inside the procedure). */
export const HIDDEN_ID_FIELDS: Record<string, string[]> = { 'billing.subscribe': ['subscriptionId'] }

const ROUTER_KINDS: Record<string, RecordKind> = {
  cat: 'cat',
  conversation: 'conversation',
  interview: 'interview',
  billing: 'subscription',
  progress: 'weight',
  attachment: 'attachment',
  care: 'checkIn',
  followUp: 'followUp',
}

/** Procedures whose `id` names another record than their router's (the health record has three kinds). */
const PROCEDURE_KINDS: Record<string, RecordKind> = {
  'progress.revokeShare': 'shareLink',
  'record.revokeCalendarFeed': 'calendarFeed',
  'record.updateVaccination': 'vaccination',
  'record.deleteVaccination': 'vaccination',
  'record.logDose': 'medication',
  'record.updateMedication': 'medication',
  'record.deleteMedication': 'medication',
  'record.document': 'document',
  'record.updateDocument': 'document',
  'record.documentFile': 'document',
  'record.deleteDocument': 'document',
  'household.removeMember': 'householdMember',
}

/**
 * Procedures reached through a secret link rather than an owned id (the e-mail's one-click
 * unsubscribe, a calendar feed, a household invitation, a stored photo's signed address): whoever holds
 * the link may use it, so ownership attempts skip them (tests/api/signed-files.test.ts tries another
 * owner's and altered signed addresses; tests/api/household-invites.test.ts and
 * tests/api/household-screens.test.ts another address on an invitation).
 */
export const CAPABILITY_LINK_PROCEDURES = new Set([
  'care.unsubscribe',
  'record.calendarFeed',
  'household.invitation',
  'household.accept',
  'file.signed',
])

/**
 * Operators' procedures whose id names no record of the caller (a conversation opened for a safety
 * review): no owner may use them on anyone's records, their own included, so the ownership walk's control
 * (B on B's records) does not apply; tests/api/ops-review.test.ts checks every owner gets 404.
 */
export const OPERATOR_PROCEDURES = new Set(['ops.conversation'])

/** The kind of record an id field names; null when the router is unknown (any record may fit). */
export function recordKind(procedure: string, field: string): RecordKind | null {
  const kind = ID_FIELDS[field]
  if (!kind) return null
  if (kind !== 'byRouter') return kind
  return PROCEDURE_KINDS[procedure] ?? ROUTER_KINDS[procedure.split('.')[0] ?? ''] ?? null
}

/** The id fields of a procedure's input (declared or known to be parsed inside). */
export function idFields(procedure: ProcedureInfo): string[] {
  const declared = procedure.keys.filter((key) => key in ID_FIELDS)
  return [...new Set([...declared, ...(HIDDEN_ID_FIELDS[procedure.path] ?? [])])]
}

/** A 1×1 PNG. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

export interface SampleContext {
  /** The caller's own browser session id (≥ 8 characters). */
  sessionId: string
  email?: string
  password?: string
  /** Values for id fields, by field name. */
  ids?: Record<string, unknown>
}

/** A realistic valid value for a field of that name (undefined: no sample, synthesise one). */
export function sampleField(field: string, ctx: SampleContext): unknown {
  const samples: Record<string, () => unknown> = {
    email: () => ctx.email ?? `sample-${randomUUID()}@example.com`,
    password: () => ctx.password ?? 'correct-horse-battery-staple',
    current_password: () => ctx.password ?? 'correct-horse-battery-staple',
    new_password: () => 'another-horse-battery-staple',
    full_name: () => 'Sample Owner',
    first_name: () => 'Sample',
    last_name: () => 'Owner',
    session_id: () => ctx.sessionId,
    token: () => '123456',
    type: () => 'email',
    name: () => 'Mochi',
    cat_name: () => 'Mochi',
    breed: () => 'Siamese',
    gender: () => 'Female',
    age: () => 3,
    weight: () => 9.5,
    target_weight: () => 9,
    unit: () => 'Lbs',
    photo: () => ({ buffer: TINY_PNG_BASE64, mimetype: 'image/png', originalname: 'mochi.png' }),
    messages: () => [
      { role: 'user', content: 'My cat has been sleeping a lot lately.', id: `c-${randomUUID()}` },
    ],
    content: () => 'How much should my cat eat each day?',
    clientId: () => `c-${randomUUID()}`,
    replyClientId: () => `r-${randomUUID()}`,
    field: () => 'cat_name',
    reason: () => 'That did not sound like a name.',
    answers: () => ({ cat_name: 'Mochi' }),
    completed: () => false,
    limit: () => 20,
    fullName: () => 'Grace Hopper',
    country: () => 'GB',
    state: () => 'LND',
    postalCode: () => 'SW1A 1AA',
    billingPeriod: () => 'Monthly',
    method: () => false,
    paymentMethod: () => 'pm_card_visa',
    paymentMethodId: () => 'pm_card_visa',
    checkoutKey: () => randomUUID(),
    customerId: () => 'cus_sample',
    payload: () => Buffer.from('{"id":"evt_sample","type":"ping"}').toString('base64'),
    signature: () => 't=1,v1=0000',
    given_on: () => '2026-01-10',
    times: () => ['08:00'],
    dose: () => '5 mg',
    title: () => 'Blood panel',
  }
  if (ctx.ids && field in ctx.ids) return ctx.ids[field]
  return samples[field]?.()
}

/** A value that satisfies a simple field schema (strings, numbers, enums, lists …), or undefined. */
export function synthesise(schema: ZodLike | undefined, depth = 0): unknown {
  if (!schema || depth > 8) return undefined
  const def = schema._zod.def
  const minOf = (fallback: number) =>
    def.checks?.map((c) => c._zod.def).find((c) => c.check === 'min_length' || c.check === 'greater_than')
      ?.minimum ?? fallback
  switch (def.type) {
    case 'string':
      return 'sample text'.padEnd(Math.max(11, minOf(0)), 'x')
    case 'number':
    case 'int':
      return 1
    case 'boolean':
      return false
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'literal':
      return def.values?.[0]
    case 'array':
      return [synthesise(def.element, depth + 1)].filter((v) => v !== undefined)
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (!acceptsUndefined(field)) out[key] = synthesise(field, depth + 1)
      }
      return out
    }
    case 'nullable':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return synthesise(def.innerType, depth + 1)
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined
    case 'pipe':
      return synthesise(def.in, depth + 1)
    case 'union':
      return synthesise(def.options?.[0], depth + 1)
    case 'unknown':
    case 'any':
      return {}
    default:
      return undefined
  }
}

/** Runs an input through the procedure's own parsers, as tRPC would. */
export async function validates(procedure: ProcedureInfo, input: unknown): Promise<string | null> {
  let value = input
  for (const parser of procedure.parsers) {
    if (isZod(parser)) {
      const result = await parser.safeParseAsync(value)
      if (!result.success) return JSON.stringify(result.error?.issues ?? []).slice(0, 300)
    } else if (typeof parser === 'function') {
      try {
        value = await (parser as (v: unknown) => unknown)(value)
      } catch (error) {
        return String(error)
      }
    }
  }
  return null
}

/**
 * A valid input for a procedure: every field with a sample (then, if that does not validate, only the
 * required ones) from the samples above, else synthesised from the schema, with `ctx.ids` for id fields. Validated with the
 * procedure's own parsers; `problem` says why when no valid input could be made.
 */
export async function sampleInput(
  procedure: ProcedureInfo,
  ctx: SampleContext,
  extra: Record<string, unknown> = {},
): Promise<{ input: Record<string, unknown> | undefined; problem: string | null }> {
  if (procedure.parsers.length === 0) return { input: undefined, problem: null }
  const build = (keys: string[]) => {
    const input: Record<string, unknown> = {}
    for (const key of keys) {
      const value = sampleField(key, ctx) ?? synthesise(procedure.fields[key])
      if (value !== undefined) input[key] = value
    }
    for (const [key, value] of Object.entries(extra)) {
      if (value === undefined) delete input[key]
      else input[key] = value
    }
    return input
  }
  const idKeys = procedure.keys.filter((key) => ctx.ids && key in ctx.ids)
  const required = [...new Set([...procedure.required, ...idKeys])]
  const known = procedure.keys.filter((key) => sampleField(key, ctx) !== undefined)
  let problem: string | null = null
  for (const keys of [[...new Set([...required, ...known])], required]) {
    const input = build(keys)
    problem = await validates(procedure, input)
    if (!problem) return { input, problem: null }
  }
  return { input: undefined, problem: `${procedure.path}: no valid sample input (${problem})` }
}

/** What a response body must never contain: a stack frame, a module path, a source position. */
export const STACK_PATTERN = /\bat .+:\d+:\d+|node_modules|\.ts:\d+/

/** ISO timestamps (`…T04:01:57.123Z`) are in every payload and look like `line:column` to the pattern. */
const ISO_TIMESTAMP = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d)/g

export function showsStackTrace(body: string): boolean {
  return STACK_PATTERN.test(body.replace(ISO_TIMESTAMP, '<time>'))
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes a careless
 * encoder would write for it (ED A0 80 …): not valid UTF-8, which is exactly the junk wanted.
 */
export function encodeJunk(text: string): string {
  let out = ''
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    } else {
      out += encodeURIComponent(char)
    }
  }
  return out
}
