// The document is the truth: for every operation of /api/openapi.json, a request built only from the
// document (its schemas, examples and parameters) is sent as a subscriber with a cat and a care plan;
// the answer's status must be one the operation declares, and its body must match the schema declared
// for that status. A status or a field the server answers that the document does not say fails here.
import { Ajv2020 } from 'ajv/dist/2020.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { procedures } from '../helpers/api-surface.ts'
import { suiteApp } from '../helpers/app.ts'
import { careSubscriber } from '../helpers/subscribers.ts'

type Schema = Record<string, unknown>
interface Parameter {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: Schema
}
interface Operation {
  operationId: string
  tags: string[]
  description: string
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> }
  security: unknown[]
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
interface Document {
  tags: Array<{ name: string }>
  paths: Record<string, Record<string, Operation>>
  components: Record<string, unknown>
}

const t = suiteApp()
let doc: Document
const operations: Array<{ method: string; path: string; op: Operation }> = []
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false })

beforeAll(async () => {
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) operations.push({ method, path, op })
  }
})

/**
 * A value the schema accepts, from its examples first, else built from its type and bounds; objects
 * carry their required fields, or every field with `all` (what the bad-input pass corrupts).
 */
function sample(schema: Schema | undefined, root: Schema, all = false): unknown {
  if (!schema) return {}
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], root)
    return sample(target as Schema, root, all)
  }
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if ('default' in schema) return schema.default
  if ('const' in schema) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum[0]
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as Schema[] | undefined
    if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0], root, all)
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((s) => sample(s, root, all)))
  }
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      const required = (all ? Object.keys(properties) : (schema.required ?? [])) as string[]
      return Object.fromEntries(required.map((key) => [key, sample(properties[key], root)]))
    }
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(schema.items as Schema, root))
    case 'integer':
    case 'number':
      return Number(schema.minimum ?? schema.exclusiveMinimum ?? 0) + 1
    case 'boolean':
      return true
    case 'null':
      return null
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString()
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10)
      if (schema.format === 'email') return 'walk@example.com'
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/'
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)))
    default:
      return {}
  }
}

let owners = 0

/** The request the document describes for `op`, sent as a fresh subscriber with a cat and a plan. */
async function sendAsDocumented(method: string, path: string, op: Operation) {
  const { owner } = await careSubscriber(t, `walk-${++owners}-${Date.now()}@example.com`, `walk${owners}`)
  const root = doc as unknown as Schema
  const headers: Record<string, string> = { authorization: `Bearer ${owner.token}` }
  let url = path
  const query = new URLSearchParams()
  for (const p of op.parameters ?? []) {
    const value = String(sample(p.schema, root))
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(value))
    else if (p.in === 'query' && p.required) query.set(p.name, value)
    else if (p.in === 'header') headers[p.name.toLowerCase()] = value
  }
  let payload: string | undefined
  const content = op.requestBody?.content
  if (content?.['application/json']) {
    payload = JSON.stringify(sample(content['application/json'].schema, root))
    headers['content-type'] = 'application/json'
  } else if (content?.['application/x-www-form-urlencoded']) {
    payload = 'List-Unsubscribe=One-Click'
    headers['content-type'] = 'application/x-www-form-urlencoded'
  }
  const search = query.toString()
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url: search ? `${url}?${search}` : url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  })
}

describe('the document describes each operation fully', () => {
  it('every operation has a description and a declared tag', () => {
    const declared = new Set(doc.tags.map((tag) => tag.name))
    for (const { method, path, op } of operations) {
      expect(op.description, `${method} ${path}`).toMatch(/\S/)
      for (const tag of op.tags) expect(declared, `${method} ${path}: tag ${tag}`).toContain(tag)
    }
  })

  it('the export reads its code from the X-Verification-Code header, not the query', () => {
    const parameters = doc.paths['/api/supabase/account/export']?.get?.parameters ?? []
    expect(parameters).toContainEqual(
      expect.objectContaining({ name: 'X-Verification-Code', in: 'header', required: true }),
    )
    expect(parameters.filter((p) => p.in === 'query')).toEqual([])
  })

  it('byte fields are base64 text or a list of byte values, nothing looser', () => {
    const create = doc.paths['/api/supabase/cats']?.post?.requestBody?.content['application/json']?.schema
    const photo =
      (create as Schema).properties && ((create as Schema).properties as Record<string, Schema>).photo
    expect(photo).toBeDefined()
    const buffer = ((photo as Schema).properties as Record<string, Schema>).buffer as Schema
    expect(buffer.oneOf).toEqual([
      expect.objectContaining({ type: 'string', contentEncoding: 'base64' }),
      expect.objectContaining({ type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 } }),
    ])
    // No schema anywhere that accepts anything (zod's unrepresentable types come out as {}).
    expect(JSON.stringify(doc)).not.toMatch(/"(anyOf|oneOf)":\[[^\]]*\{\}/)
  })

  it('every operation that takes a body declares 400, 413 and 415; every one 401, 429 and 503', () => {
    for (const { method, path, op } of operations) {
      const statuses = Object.keys(op.responses)
      // A public HTML page (the unsubscribe page and its form) reads no token: no 401.
      const page = Boolean(op.responses['200']?.content?.['text/html'])
      expect(statuses, `${method} ${path}`).toEqual(
        expect.arrayContaining(['200', '400', ...(page ? [] : ['401']), '429', '503']),
      )
      if (op.requestBody && !path.includes('webhook') && !path.includes('unsubscribe')) {
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['413', '415']))
      }
    }
  })
})

describe('the document declares what the server requires and bounds', () => {
  const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

  it('a known path answers an undeclared method with 405 and an Allow header of the declared ones', async () => {
    const patterns = Object.entries(doc.paths).map(([path, methods]) => ({
      pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
      methods: Object.keys(methods),
    }))
    for (const path of Object.keys(doc.paths)) {
      const url = path.replace(/\{[^}]+\}/g, '1')
      // Every documented operation this URL reaches (`/follow-ups/settings` is also `/follow-ups/{id}`).
      const declared = [...new Set(patterns.filter((p) => p.pattern.test(url)).flatMap((p) => p.methods))]
      for (const method of METHODS.filter((m) => !declared.includes(m))) {
        const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url })
        expect(res.statusCode, `${method.toUpperCase()} ${path}`).toBe(405)
        const allow = String(res.headers.allow ?? '')
          .split(/,\s*/)
          .filter(Boolean)
        for (const m of declared)
          expect(allow, `${method.toUpperCase()} ${path}: Allow`).toContain(m.toUpperCase())
        expect(res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' })
      }
    }
    // An unknown path stays 404.
    expect((await t.app.inject({ method: 'DELETE', url: '/api/no/such/path' })).statusCode).toBe(404)
  })

  it('an operation the server refuses without a body declares its body required', async () => {
    const { owner } = await careSubscriber(t, `walk-nobody-${Date.now()}@example.com`, 'walknobody')
    const refused: string[] = []
    for (const { method, path, op } of operations) {
      if (!op.requestBody) continue
      const res = await t.app.inject({
        method: method.toUpperCase() as 'POST',
        url: path.replace(/\{[^}]+\}/g, '1'),
        headers: { authorization: `Bearer ${owner.token}` },
      })
      if (res.statusCode === 400 && !op.requestBody.required) refused.push(`${method.toUpperCase()} ${path}`)
    }
    expect(refused).toEqual([])
  })

  it('every id parameter and id field declares its bounds', () => {
    const unbounded: string[] = []
    const bounded = (schema: Schema): boolean => {
      const options = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined
      if (options) return options.every((o) => o.type === 'null' || bounded(o))
      if (schema.type === 'integer' || schema.type === 'number') return schema.maximum !== undefined
      if (schema.type === 'string') {
        return schema.maxLength !== undefined || schema.enum !== undefined || schema.pattern !== undefined
      }
      return true
    }
    const visit = (schema: Schema | undefined, where: string) => {
      if (!schema || typeof schema !== 'object') return
      for (const [key, value] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
        if (
          (key === 'id' || key.endsWith('_id') || key === 'catId' || key === 'conversationId') &&
          !bounded(value)
        ) {
          unbounded.push(`${where}.${key}`)
        }
        visit(value, `${where}.${key}`)
      }
      if (schema.items) visit(schema.items as Schema, `${where}[]`)
    }
    for (const { method, path, op } of operations) {
      for (const p of op.parameters ?? []) {
        if (p.in !== 'header' && !bounded(p.schema)) unbounded.push(`${method} ${path} ${p.name}`)
      }
      visit(op.requestBody?.content['application/json']?.schema, `${method} ${path} body`)
    }
    expect(unbounded).toEqual([])
  })

  it('the unsubscribe page and the form it posts to are declared', () => {
    const page = doc.paths['/api/care/unsubscribe/{token}']?.get
    expect(page?.responses['200']?.content).toHaveProperty(['text/html'])
    const form = doc.paths['/care/unsubscribe/{token}']?.post
    expect(form?.requestBody?.content).toHaveProperty(['application/x-www-form-urlencoded'])
    expect(Object.keys(form?.responses ?? {})).toEqual(expect.arrayContaining(['200', '404']))
  })
})

describe('every operation answers as the document says', () => {
  it('a request built from the document gets a documented status and a body of the declared schema', async () => {
    const answered: Record<string, number> = {}
    for (const { method, path, op } of operations) {
      const name = `${method.toUpperCase()} ${path}`
      const res = await sendAsDocumented(method, path, op)
      answered[name] = res.statusCode
      const declared = op.responses[String(res.statusCode)]
      expect(declared, `${name} answered ${res.statusCode}: ${res.body.slice(0, 200)}`).toBeDefined()
      const type = String(res.headers['content-type'] ?? '').split(';')[0] as string
      const content = declared?.content ?? {}
      expect(Object.keys(content), `${name}: content type ${type}`).toContain(type)
      if (type === 'application/json') {
        const schema = content[type]?.schema as Schema
        const validate = ajv.compile({ ...schema, components: doc.components })
        const body = res.json()
        expect(
          validate(body) ? [] : validate.errors,
          `${name} ${res.statusCode}: ${res.body.slice(0, 300)}`,
        ).toEqual([])
      }
    }
    // The walk reaches the procedures, not only their input checks.
    const succeeded = Object.values(answered).filter((status) => status === 200).length
    expect(succeeded, JSON.stringify(answered, null, 1)).toBeGreaterThanOrEqual(20)
  }, 120_000)
})

// Bad input against every operation of the document, on both surfaces: its REST row and its /trpc
// procedure (the operationId). Each variant is made from the operation's own schemas, so a row added
// later is fuzzed too. Whatever arrives: 2xx, a clear 4xx, or 503 with Retry-After; never a 500, and the
// server stays up. A bounded count (BAD_VARIANTS per operation and surface) keeps it well under a minute.
const HUGE = 'x'.repeat(100_000)
const LONE_SURROGATE = 'Lu\ud800na'
const EXTREME_DATES = ['0000-01-01', '275760-09-13T00:00:00Z', '-271821-04-20T00:00:00Z', '2026-02-30']
const EXTREME_NUMBERS = [1e308, -1, 2 ** 53 + 1, 0, -2_147_483_649, 1.5]

type Variant = { name: string; value: (schema: Schema | undefined, valid: unknown) => unknown }

/** Fields of an operation corrupted one at a time (a value refused early would hide a deeper fault). */
const FIELDS_ONE_BY_ONE = 40

/**
 * One variant per field (up to FIELDS_ONE_BY_ONE): the valid required fields, and that field alone
 * holding a lone surrogate (in a list where the sample is one).
 */
function oneFieldVariants(required: unknown, all: unknown): Variant[] {
  if (all === null || typeof all !== 'object' || Array.isArray(all)) return []
  const base = (required ?? {}) as Record<string, unknown>
  return Object.entries(all)
    .slice(0, FIELDS_ONE_BY_ONE)
    .map(([field, value]) => ({
      name: `lone surrogate in ${field}`,
      value: () => ({ ...base, [field]: Array.isArray(value) ? [LONE_SURROGATE] : LONE_SURROGATE }),
    }))
}

/** A field's bad value by the schema it has: a string gets `text`, a number `number`, the rest `other`. */
function replaceFields(
  valid: unknown,
  replace: (key: string, value: unknown, i: number) => unknown,
): unknown {
  if (valid === null || typeof valid !== 'object' || Array.isArray(valid)) return replace('', valid, 0)
  return Object.fromEntries(Object.entries(valid).map(([key, value], i) => [key, replace(key, value, i)]))
}

const BAD_VARIANTS: Variant[] = [
  { name: 'missing body', value: () => undefined },
  { name: 'nulls', value: (_s, valid) => replaceFields(valid, () => null) },
  {
    name: 'wrong types',
    value: (_s, valid) =>
      replaceFields(valid, (_k, value, i) =>
        typeof value === 'string' ? [i, { nested: true }] : typeof value === 'number' ? 'twelve' : 'text',
      ),
  },
  { name: 'huge strings', value: (_s, valid) => replaceFields(valid, () => HUGE) },
  {
    name: 'extreme dates and numbers',
    value: (_s, valid) =>
      replaceFields(valid, (_k, value, i) =>
        typeof value === 'number'
          ? EXTREME_NUMBERS[i % EXTREME_NUMBERS.length]
          : typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
            ? EXTREME_DATES[i % EXTREME_DATES.length]
            : value,
      ),
  },
]

const pathValue = (value: string) =>
  value === LONE_SURROGATE ? 'Lu%ED%A0%80na' : encodeURIComponent(value) || '0'

/** Path and query values of a variant: the same kinds of bad value, as text. */
const BAD_PARAMETERS = ['', LONE_SURROGATE, '99999999999999999999', '-1', '0000-01-01', HUGE.slice(0, 5_000)]

describe('no bad input answers a 500, on REST or tRPC', () => {
  it('every operation of the document, with generated bad inputs, on both surfaces', async () => {
    const started = Date.now()
    const { owner } = await careSubscriber(t, `fuzz-${Date.now()}@example.com`, 'fuzz')
    const root = doc as unknown as Schema
    const kinds = new Map(procedures().map((p) => [p.path, p.type]))
    // Ending the fuzzing owner's session would leave the rest unauthenticated; they take no input.
    const skipped = new Set(['auth.logout', 'auth.logoutEverywhere'])
    const failures: string[] = []
    let sent = 0
    const check = (
      where: string,
      res: { statusCode: number; headers: Record<string, unknown>; body: string },
    ) => {
      sent++
      const ok = res.statusCode < 500 || (res.statusCode === 503 && res.headers['retry-after'] !== undefined)
      if (!ok) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 160)}`)
    }
    for (const { method, path, op } of operations) {
      if (skipped.has(op.operationId)) continue
      const schema = op.requestBody?.content['application/json']?.schema
      const valid = schema ? sample(schema, root, true) : {}
      const required = schema ? sample(schema, root) : {}
      for (const [v, variant] of [...BAD_VARIANTS, ...oneFieldVariants(required, valid)].entries()) {
        const body = variant.value(schema, valid)
        const bad = BAD_PARAMETERS[v % BAD_PARAMETERS.length]!
        let url = path
        const query = new URLSearchParams()
        for (const p of op.parameters ?? []) {
          // A lone surrogate has no UTF-8: sent as the bytes a broken client would (ED A0 80).
          if (p.in === 'path') url = url.replace(`{${p.name}}`, pathValue(bad))
          else if (p.in === 'query') query.set(p.name, bad)
        }
        const search = query.toString()
        const headers: Record<string, string> = { authorization: `Bearer ${owner.token}` }
        const json = schema && body !== undefined ? JSON.stringify(body) : undefined
        if (json !== undefined) headers['content-type'] = 'application/json'
        const name = `${method.toUpperCase()} ${path} (${variant.name})`
        check(
          name,
          await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: search ? `${url}?${search}` : url,
            headers,
            ...(json !== undefined ? { payload: json } : {}),
          }),
        )
        // The same input through the procedure the row calls.
        const input = JSON.stringify(body === undefined ? undefined : { ...((body as object) ?? {}) })
        const procedure = op.operationId
        const trpc =
          kinds.get(procedure) === 'query'
            ? await t.app.inject({
                method: 'GET',
                url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(input)}`}`,
                headers: { authorization: `Bearer ${owner.token}` },
              })
            : await t.app.inject({
                method: 'POST',
                url: `/trpc/${procedure}`,
                headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
                ...(input === undefined ? {} : { payload: input }),
              })
        check(`/trpc/${procedure} (${variant.name})`, trpc)
      }
    }
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThan(operations.length * BAD_VARIANTS.length)
    // The server is still up, and fast.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
    expect(Date.now() - started).toBeLessThan(60_000)
  }, 90_000)
})
