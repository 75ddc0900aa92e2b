// The REST surface is derived from the procedures' declarations: every row of docs/product.md §7 is
// declared and served, and the OpenAPI document built from the same declarations is valid and lists only
// what the server serves.
import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { restRows } from '../../server/rest/table.ts'
import { suiteApp } from '../helpers/app.ts'

/** docs/product.md §7's call table, as written there (path parameters in Fastify's `:id` form). */
const SPEC_ROWS = [
  'POST /api/supabase/signup-passwordless',
  'POST /api/supabase/signin',
  'POST /api/supabase/signin-otp',
  'POST /api/supabase/verify-otp',
  'POST /api/openai/chat',
  'POST /api/openai/recommendations',
  'POST /api/openai/interview',
  'POST /api/openai/interview/check',
  'GET /api/supabase/cats',
  'POST /api/supabase/cats',
  'PUT /api/supabase/cats/:id',
  'GET /api/supabase/conversations',
  'POST /api/supabase/conversations',
  'PUT /api/supabase/conversations/:id',
  'POST /api/supabase/createPlan',
  'PUT /api/supabase/updatePlan',
  'DELETE /api/supabase/removePlan',
  'POST /api/payments/stripe/customer',
  'POST /api/payments/stripe/payment-intent',
  'POST /api/payments/stripe/subscription',
  'DELETE /api/payments/stripe/subscription/:id',
  'POST /api/payments/paypal/subscription/:id',
  'POST /api/supabase/subscriptions',
  'GET /api/supabase/subscriptions',
  'DELETE /api/supabase/subscriptions/:id',
  'GET /api/supabase/interview',
  'GET /api/supabase/interview/:id',
  'PUT /api/supabase/interview/:id',
  'DELETE /api/supabase/interview/:id',
  'POST /api/supabase/interview',
]

const t = suiteApp()
let document: {
  openapi: string
  paths: Record<string, Record<string, { operationId: string; security?: unknown[] }>>
}

beforeAll(async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' })
  expect(res.statusCode).toBe(200)
  document = res.json()
})

describe('REST rows declared by the procedures', () => {
  it('declares every row of docs/product.md §7', () => {
    const declared = new Set(restRows().map((row) => `${row.method} ${row.path}`))
    const missing = SPEC_ROWS.filter((row) => !declared.has(row))
    expect(missing).toEqual([])
  })

  it('declares each method and path once', () => {
    const keys = restRows().map((row) => `${row.method} ${row.path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('serves every declared row', () => {
    for (const row of restRows()) {
      expect(t.app.hasRoute({ method: row.method, url: row.path }), `${row.method} ${row.path}`).toBe(true)
    }
  })
})

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('lists every docs/product.md §7 row and only paths the server serves', () => {
    const listed: string[] = []
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations)) {
        const fastifyPath = path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1')
        listed.push(`${method.toUpperCase()} ${fastifyPath}`)
        expect(
          t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: fastifyPath }),
          `${method} ${path}`,
        ).toBe(true)
      }
    }
    expect(SPEC_ROWS.filter((row) => !listed.includes(row))).toEqual([])
    // The REST rows, and the unsubscribe link's page and its form (http/plugins/care-unsubscribe-page.ts).
    expect(listed.length).toBe(restRows().length + 2)
    expect(listed).toEqual(
      expect.arrayContaining(['GET /api/care/unsubscribe/:token', 'POST /care/unsubscribe/:token']),
    )
  })

  it('marks the calls that need the bearer token (docs/product.md §6)', () => {
    expect(document.paths['/api/supabase/cats']?.get?.security).toEqual([{ bearerAuth: [] }])
    expect(document.paths['/api/openai/recommendations']?.post?.security).toEqual([])
    expect(document.paths['/api/supabase/signin-otp']?.post?.security).toEqual([])
  })

  it('describes the body without the fields the path fills', () => {
    const put = document.paths['/api/supabase/conversations/{id}']?.put as unknown as {
      parameters: Array<{ name: string; in: string }>
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } }
    }
    expect(put.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })])
    const properties = put.requestBody.content['application/json'].schema.properties
    expect(Object.keys(properties)).toContain('messages')
    expect(Object.keys(properties)).not.toContain('id')
  })

  it("lists a GET row's query parameters (the care rows' cat_id, a share link's token)", () => {
    type Get = { parameters?: Array<{ name: string; in: string; required: boolean }> }
    const query = (path: string) =>
      (((document.paths[path]?.get ?? {}) as unknown as Get).parameters ?? []).filter((p) => p.in === 'query')
    expect(query('/api/care/weights')).toEqual(
      ['cat_id', 'after', 'limit'].map((name) => expect.objectContaining({ name, required: false })),
    )
    expect(query('/api/care/plan')).toEqual([expect.objectContaining({ name: 'cat_id', required: false })])
    expect(query('/api/care/report/shared')).toEqual([
      expect.objectContaining({ name: 'token', required: true }),
    ])
    // A path's own parameter is not a query parameter too.
    expect(query('/api/care/check-ins/{id}')).toEqual([])
  })
})

describe('the browsable page', () => {
  it('serves /api/docs and its assets from this origin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string)
    expect(sources.length).toBeGreaterThan(0)
    for (const source of sources) {
      expect(source.startsWith('/api/docs/')).toBe(true)
      const asset = await t.app.inject({ method: 'GET', url: source })
      expect(asset.statusCode, source).toBe(200)
      expect(asset.body.length).toBeGreaterThan(0)
    }
  })
})
