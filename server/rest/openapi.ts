// The OpenAPI 3.1 document of the REST surface, built from the same declarations the adapter serves:
// each procedure's REST row (its meta) and its zod input and output (zod 4's own JSON Schema output).
import { z } from 'zod'
import { ERROR_CATALOGUE } from '../../shared/errors.ts'
import { restRows, type ServedRow } from './table.ts'

type JsonSchema = Record<string, unknown>

const ERROR_REF = { $ref: '#/components/schemas/Error' }

/** zod → JSON Schema (2020-12, which OpenAPI 3.1 uses), without the `$schema` line. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** The body's schema: the input without the fields the path fills. */
function bodySchema(row: ServedRow): JsonSchema {
  if (!row.inputSchema) return { type: 'object' }
  const schema = jsonSchema(row.inputSchema, 'input')
  const properties = schema.properties as Record<string, unknown> | undefined
  if (!properties || row.params.length === 0) return schema
  const kept = Object.fromEntries(Object.entries(properties).filter(([key]) => !row.params.includes(key)))
  const required = (schema.required as string[] | undefined)?.filter((key) => !row.params.includes(key))
  return { ...schema, properties: kept, ...(required ? { required } : {}) }
}

function parameterSchema(row: ServedRow, name: string): JsonSchema {
  const properties = row.inputSchema
    ? (jsonSchema(row.inputSchema, 'input').properties as Record<string, JsonSchema> | undefined)
    : undefined
  return properties?.[name] ?? { type: 'string' }
}

/** A GET row's input fields that are not in its path: its query parameters. */
function queryNames(row: ServedRow): Array<{ name: string; required: boolean }> {
  if (row.method !== 'GET' || !row.inputSchema) return []
  const schema = jsonSchema(row.inputSchema, 'input') as { properties?: object; required?: string[] }
  return Object.keys(schema.properties ?? {})
    .filter((name) => !row.params.includes(name))
    .map((name) => ({ name, required: schema.required?.includes(name) ?? false }))
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
})

function operation(row: ServedRow) {
  const takesBody = row.method === 'POST' || row.method === 'PUT'
  const responses: Record<string, unknown> = {
    '200': {
      description: 'Success',
      content: row.binary
        ? Object.fromEntries(
            row.binary.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          )
        : { 'application/json': { schema: row.outputSchema ? jsonSchema(row.outputSchema, 'output') : {} } },
    },
    '400': errorResponse('Invalid input'),
  }
  if (row.auth) {
    responses['401'] = errorResponse('Missing, invalid, expired or revoked token (`User Not Authenticated`)')
    responses['404'] = errorResponse("Another owner's or a missing record")
  }
  if (takesBody) responses['413'] = errorResponse('Body larger than the declared limit')
  responses['429'] = errorResponse('Rate-limited; see Retry-After')
  responses['503'] = errorResponse('Saturated or an outside service is down; see Retry-After')
  return {
    operationId: row.procedure,
    tags: [row.procedure.split('.')[0]],
    ...(row.summary ? { summary: row.summary } : {}),
    ...(row.params.length > 0 || queryNames(row).length > 0
      ? {
          parameters: [
            ...row.params.map((name) => ({
              name,
              in: 'path',
              required: true,
              schema: parameterSchema(row, name),
            })),
            ...queryNames(row).map(({ name, required }) => ({
              name,
              in: 'query',
              required,
              schema: parameterSchema(row, name),
            })),
          ],
        }
      : {}),
    ...(takesBody
      ? {
          requestBody: {
            required: false,
            content: row.rawBody
              ? { 'application/json': { schema: {} } }
              : { 'application/json': { schema: bodySchema(row) } },
          },
        }
      : {}),
    security: row.auth ? [{ bearerAuth: [] }] : [],
    'x-body-limit': row.bodyLimit,
    responses,
  }
}

/** The whole document; the paths are SPEC §7's, in Fastify's `:id` turned into OpenAPI's `{id}`. */
export function openApiDocument(rows: readonly ServedRow[] = restRows()) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const row of rows) {
    const path = row.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
    paths[path] = { ...paths[path], [row.method.toLowerCase()]: operation(row) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kitty Care API',
      version: '1.0.0',
      description:
        'The REST surface of Kitty Care. Every row calls the same procedure as tRPC at /trpc. Errors answer `{error, code}`.',
    },
    servers: [{ url: '/' }],
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
          },
          required: ['error', 'code'],
        },
      },
    },
  }
}
