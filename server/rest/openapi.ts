// The OpenAPI 3.1 document of the REST surface, built from the same declarations the adapter serves:
// each procedure's REST row (its meta) and its zod input and output (zod 4's own JSON Schema output).
// Every operation lists each status it can answer with the catalogue's codes (row-errors.ts), the
// request headers it reads, a description and a declared tag; the document walk checks all of it
// against the running server (tests/api/openapi-walk.test.ts).
import { z } from 'zod'
import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors.ts'
import { photoBytesSchema } from '../../shared/schemas/cat.ts'
import { MAX_RECORD_ID, recordId } from '../../shared/schemas/primitives.ts'
import { rowErrorCodes } from './row-errors.ts'
import { restRows, type ServedRow } from './table.ts'

type JsonSchema = Record<string, unknown>

const ERROR_REF = { $ref: '#/components/schemas/Error' }

/** What a client sends for a file: JSON has no bytes, so base64 text or a list of byte values. */
const BYTES_SCHEMA: JsonSchema = {
  description: "The file's bytes: base64 text (or a `data:` URL), or a list of byte values",
  oneOf: [
    { type: 'string', contentEncoding: 'base64', description: 'base64, or a data: URL' },
    { type: 'array', items: { type: 'integer', minimum: 0, maximum: 255 }, description: 'byte values' },
  ],
}

/** A record id as the server takes it (primitives.ts recordId): a positive 32-bit integer, or its digits. */
const RECORD_ID_SCHEMA: JsonSchema = {
  description: 'A record id: a positive integer, as a number or its digits',
  oneOf: [
    { type: 'integer', minimum: 1, maximum: MAX_RECORD_ID },
    { type: 'string', pattern: '^[1-9][0-9]{0,9}$', minLength: 1, maxLength: 10 },
  ],
}

/** The routers, as tags: what each group of rows is about. */
const TAGS: Record<string, string> = {
  auth: 'Sign-up, sign-in with a password or an e-mailed code, session renewal and sign-out',
  cat: "The owner's cats, their photos and the specialist's first recommendations",
  conversation: 'The chat with the specialist: conversations, stored messages and replies',
  interview: 'The onboarding interview about the cat',
  billing: 'Subscriptions, the checkout steps and the payment provider webhook',
  account: 'The account as a whole: export and deletion, behind a fresh e-mailed code',
  progress: 'Weights, the vet report and its share links',
  attachment: 'Photos sent in the chat',
  care: 'The care plan, check-ins, reminders and push subscriptions',
  firstAid: 'The first-aid guide for cats, public and kept offline by the app',
}

/** zod → JSON Schema (2020-12, which OpenAPI 3.1 uses), without the `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    // A byte field is a union with Uint8Array (what the upload reader makes of it), which JSON Schema
    // cannot say: the document says what a client sends instead.
    // An id's transform hides its bounds from zod's output: the document says them (docs/api.md).
    override: (ctx) => {
      const replacement =
        ctx.zodSchema === photoBytesSchema
          ? BYTES_SCHEMA
          : ctx.zodSchema === recordId && io === 'input'
            ? RECORD_ID_SCHEMA
            : null
      if (!replacement) return
      for (const key of Object.keys(ctx.jsonSchema)) delete (ctx.jsonSchema as JsonSchema)[key]
      Object.assign(ctx.jsonSchema, structuredClone(replacement))
    },
  }) as JsonSchema
  return rest
}

/** The input fields that come from elsewhere than the body or the query: path and headers. */
function fieldsFromElsewhere(row: ServedRow): string[] {
  return [...row.params, ...row.requestHeaders.flatMap((h) => (h.field ? [h.field] : []))]
}

/** The body's schema: the input without the fields the path or a header fills. */
function bodySchema(row: ServedRow): JsonSchema {
  if (!row.inputSchema) return { type: 'object', description: 'Nothing is read from the body' }
  const schema = jsonSchema(row.inputSchema, 'input')
  const properties = schema.properties as Record<string, unknown> | undefined
  const elsewhere = fieldsFromElsewhere(row)
  if (!properties || elsewhere.length === 0) return schema
  const kept = Object.fromEntries(Object.entries(properties).filter(([key]) => !elsewhere.includes(key)))
  const required = (schema.required as string[] | undefined)?.filter((key) => !elsewhere.includes(key))
  return { ...schema, properties: kept, ...(required ? { required } : {}) }
}

/**
 * Whether the server refuses the call with no body: a raw upload always, JSON when its schema is not an
 * object (a list) or names a field it requires.
 */
function bodyRequired(row: ServedRow): boolean {
  if (row.rawBodyType) return true
  const schema = bodySchema(row)
  if (schema.type !== 'object') return true
  return ((schema.required as string[] | undefined) ?? []).length > 0
}

function parameterSchema(row: ServedRow, name: string): JsonSchema {
  const properties = row.inputSchema
    ? (jsonSchema(row.inputSchema, 'input').properties as Record<string, JsonSchema> | undefined)
    : undefined
  return properties?.[name] ?? { type: 'string' }
}

/** A GET row's input fields that are not in its path or headers: its query parameters. */
function queryNames(row: ServedRow): Array<{ name: string; required: boolean }> {
  if (row.method !== 'GET' || !row.inputSchema) return []
  const schema = jsonSchema(row.inputSchema, 'input') as { properties?: object; required?: string[] }
  const elsewhere = fieldsFromElsewhere(row)
  return Object.keys(schema.properties ?? {})
    .filter((name) => !elsewhere.includes(name))
    .map((name) => ({ name, required: schema.required?.includes(name) ?? false }))
}

const STATUS_MEANING: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing, invalid, expired or revoked token (`User Not Authenticated`)',
  402: 'An active or trialing subscription is needed, or the card was refused',
  404: "Another owner's or a missing record",
  409: 'A conflict with what is stored (a quota, a step already done or under way)',
  412: 'A payment provider that is not configured',
  413: 'Body or file larger than the declared limit',
  415: 'Not JSON, or a file of a type not taken',
  429: 'Rate-limited; see Retry-After',
  503: 'Saturated or an outside service is down; see Retry-After',
}

/** One error answer per status, each with the catalogue codes the row can answer with it. */
function errorResponses(row: ServedRow): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of rowErrorCodes(row)) {
    const status = ERROR_CATALOGUE[code].status
    byStatus.set(status, [...(byStatus.get(status) ?? []), code])
  }
  const retryAfter = {
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: `${STATUS_MEANING[status] ?? 'Error'} (${codes.join(', ')})`,
          ...(status === 429 || status === 503 ? { headers: retryAfter } : {}),
          content: {
            'application/json': {
              schema: { allOf: [ERROR_REF, { properties: { code: { enum: codes } } }] },
            },
          },
        },
      ]),
  )
}

function description(row: ServedRow): string {
  const who = row.auth
    ? 'Needs `Authorization: Bearer <token>`.'
    : 'Public: no token needed (a stale token is still 401).'
  const body = row.method === 'GET' ? '' : ` Body at most ${row.bodyLimit} bytes.`
  return `${row.summary ?? row.procedure}. ${who}${body} Calls the tRPC procedure \`${row.procedure}\`.`
}

function operation(row: ServedRow) {
  const takesBody = row.method === 'POST' || row.method === 'PUT' || row.method === 'PATCH'
  const parameters = [
    ...row.params.map((name) => ({
      name,
      in: 'path',
      required: true,
      description: `The ${name} of the record`,
      schema: parameterSchema(row, name),
    })),
    ...queryNames(row).map(({ name, required }) => ({
      name,
      in: 'query',
      required,
      description: `The ${name} field of the input`,
      schema: parameterSchema(row, name),
    })),
    ...row.requestHeaders.map((header) => ({
      name: header.name,
      in: 'header',
      required: header.required,
      description: header.description,
      schema: { type: 'string', ...(header.example ? { examples: [header.example] } : {}) },
    })),
  ]
  return {
    operationId: row.procedure,
    tags: [row.procedure.split('.')[0]],
    summary: row.summary ?? row.procedure,
    description: description(row),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(takesBody
      ? {
          requestBody: {
            required: bodyRequired(row),
            content: row.rawBodyType
              ? {
                  [row.rawBodyType.type]: {
                    schema: { description: row.rawBodyType.description, ...(row.rawBodyType.schema ?? {}) },
                  },
                }
              : { 'application/json': { schema: bodySchema(row) } },
          },
        }
      : {}),
    security: row.auth ? [{ bearerAuth: [] }] : [],
    'x-body-limit': row.bodyLimit,
    responses: {
      '200': {
        description: 'Success',
        content: row.binary
          ? Object.fromEntries(
              row.binary.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
            )
          : {
              'application/json': {
                schema: row.outputSchema ? jsonSchema(row.outputSchema, 'output') : { type: 'object' },
              },
            },
      },
      // A row that reads If-None-Match answers 304 when the caller's copy is current (BinaryAnswer.body).
      ...(row.requestHeaders.some((h) => h.name.toLowerCase() === 'if-none-match')
        ? { '304': { description: 'Not modified: the copy named by If-None-Match is current' } }
        : {}),
      ...errorResponses(row),
    },
  }
}

const HTML = (description: string) => ({
  description,
  content: { 'text/html': { schema: { type: 'string', description: 'An HTML page' } } },
})
const TOKEN_PARAMETER = {
  name: 'token',
  in: 'path',
  required: true,
  description: "The e-mail's unsubscribe token",
  schema: { type: 'string', minLength: 1, maxLength: 200 },
}
const PAGE_LIMITS = {
  '400': {
    description: 'Invalid input (INVALID_INPUT, NUL_CHARACTER)',
    content: { 'application/json': { schema: ERROR_REF } },
  },
  '429': { description: STATUS_MEANING[429], content: { 'application/json': { schema: ERROR_REF } } },
  '503': { description: STATUS_MEANING[503], content: { 'application/json': { schema: ERROR_REF } } },
}

/**
 * The e-mail's unsubscribe link opened in a browser (http/plugins/care-unsubscribe-page.ts): a page that
 * changes nothing, whose button posts the form below.
 */
const UNSUBSCRIBE_PAGE = {
  operationId: 'care.unsubscribePage',
  tags: ['care'],
  summary: "The unsubscribe link's page: a button that pauses the check-in reminders",
  description:
    'Public. Changes nothing (mail scanners follow links); its form posts to `/care/unsubscribe/{token}`.',
  parameters: [TOKEN_PARAMETER],
  security: [],
  responses: { '200': HTML('The page with the button'), ...PAGE_LIMITS },
}

/** The page's form target: pauses the reminders and says so in a page. */
const UNSUBSCRIBE_FORM = {
  operationId: 'care.unsubscribeForm',
  tags: ['care'],
  summary: "The unsubscribe page's form: pauses the check-in reminders",
  description:
    'Public. The form the unsubscribe page posts (`List-Unsubscribe=One-Click`). Body at most 1024 bytes.',
  parameters: [TOKEN_PARAMETER],
  requestBody: {
    required: false,
    content: {
      'application/x-www-form-urlencoded': {
        schema: {
          type: 'object',
          properties: { 'List-Unsubscribe': { const: 'One-Click' } },
          description: 'The form field; the token alone decides',
        },
      },
    },
  },
  security: [],
  responses: {
    '200': HTML('Reminders paused'),
    '404': HTML('A token that is not ours'),
    '413': { description: STATUS_MEANING[413], content: { 'application/json': { schema: ERROR_REF } } },
    ...PAGE_LIMITS,
  },
}

/**
 * The whole document; the paths are docs/product.md §7's, in Fastify's `:id` turned into OpenAPI's `{id}`.
 */
export function openApiDocument(rows: readonly ServedRow[] = restRows()) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const row of rows) {
    const path = row.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    paths[path] = { ...paths[path], [row.method.toLowerCase()]: operation(row) }
  }
  const unsubscribe = '/api/care/unsubscribe/{token}'
  paths[unsubscribe] = { ...paths[unsubscribe], get: UNSUBSCRIBE_PAGE }
  paths['/care/unsubscribe/{token}'] = { post: UNSUBSCRIBE_FORM }
  const used = [...new Set(rows.map((row) => row.procedure.split('.')[0] as string))]
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitty Care API',
      version: '1.0.0',
      description:
        'The REST surface of Kitty Care. Every row calls the same procedure as tRPC at /trpc. Errors answer `{error, code}`.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Kitty Care' },
    },
    servers: [{ url: '/' }],
    tags: used.map((name) => ({ name, description: TAGS[name] ?? `The ${name} procedures` })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            error: { type: 'string', description: 'For people: the message to show' },
            code: {
              type: 'string',
              description: 'For programs: what went wrong (the catalogue in shared/errors.ts)',
              enum: Object.keys(ERROR_CATALOGUE),
            },
            retry_after_seconds: {
              type: 'integer',
              description: 'On 429 and 503: seconds to wait before trying again (as Retry-After)',
            },
          },
          required: ['error', 'code'],
        },
      },
    },
  }
}
