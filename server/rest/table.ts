// The REST surface, read from the router: every procedure whose `.meta()` declares a REST row. The
// adapter serves these rows and the OpenAPI document describes them, so the two cannot drift apart.
import type { z } from 'zod'
import { DEFAULT_BODY_LIMIT } from '../body-limits.ts'
import { appRouter } from '../routers/index.ts'
import type { ProcedureMeta, RestRequest, RestRow } from './meta.ts'

interface ProcedureDef {
  _def: {
    type: 'query' | 'mutation' | 'subscription'
    inputs: unknown[]
    output?: unknown
    meta?: ProcedureMeta
  }
}

export interface ServedRow extends Required<Pick<RestRow, 'method' | 'path'>> {
  /** The procedure's path in the router: 'cat.get'. */
  procedure: string
  summary: string | undefined
  bodyLimit: number
  rawBody: boolean
  /** The upload reader's cap on photo bytes, where the row declares one. */
  uploadMaxBytes: number | undefined
  /** Not a JSON answer: the bytes and type made from the output (RestRow.binary). */
  binary: RestRow['binary']
  auth: boolean
  /** Runs behind the heavy gate (photo uploads and reads). */
  heavy: boolean
  /** The path's parameter names, in order (`/cats/:id` → ['id']). */
  params: string[]
  /** The procedure's zod input and output, where declared. */
  inputSchema: z.ZodType | undefined
  outputSchema: z.ZodType | undefined
  toInput(req: RestRequest): unknown
  headers: RestRow['headers']
  requestHeaders: NonNullable<RestRow['requestHeaders']>
  rawBodyType: RestRow['rawBodyType']
  htmlError: RestRow['htmlError']
}

const isZod = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && '_zod' in value

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)

/**
 * The default mapping: the body's fields with the path parameters over them (a body that is not an
 * object never gets here: the adapter answers it 400); a procedure without an input gets nothing.
 */
function defaultInput(row: RestRow, hasInput: boolean) {
  return (req: RestRequest): unknown => {
    if (!hasInput) return undefined
    const takesBody = row.method === 'POST' || row.method === 'PUT' || row.method === 'PATCH'
    // A GET has no body: its fields come in the query string (`?cat_id=2`).
    const fields = takesBody
      ? isPlainObject(req.body)
        ? req.body
        : {}
      : row.method === 'GET'
        ? req.query
        : {}
    return { ...fields, ...req.params }
  }
}

let rows: ServedRow[] | null = null

/** Every procedure of the router by its path ('cat.get'), in router order. */
const procedureTable = () =>
  Object.entries(
    (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures,
  )

/** Every REST row the router declares, in router order. */
export function restRows(): ServedRow[] {
  if (rows) return rows
  rows = procedureTable().flatMap(([procedure, { _def }]) => {
    const row = _def.meta?.rest
    if (!row) return []
    const inputSchema = _def.inputs.find(isZod)
    return [
      {
        method: row.method,
        path: row.path,
        procedure,
        summary: row.summary,
        bodyLimit: row.bodyLimit ?? DEFAULT_BODY_LIMIT,
        rawBody: row.rawBody === true,
        uploadMaxBytes: row.uploadMaxBytes,
        binary: row.binary,
        auth: _def.meta?.auth === true,
        heavy: _def.meta?.heavy === true || (row.bodyLimit ?? DEFAULT_BODY_LIMIT) > DEFAULT_BODY_LIMIT,
        params: [...row.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string),
        inputSchema,
        outputSchema: isZod(_def.output) ? _def.output : undefined,
        toInput: row.input ?? defaultInput(row, _def.inputs.length > 0),
        headers: row.headers,
        requestHeaders: row.requestHeaders ?? [],
        rawBodyType: row.rawBodyType,
        htmlError: row.htmlError,
      },
    ]
  })
  return rows
}

/** The procedures served at their REST row only (ProcedureMeta.restOnly). */
export function restOnlyProcedures(): Set<string> {
  return new Set(
    procedureTable().flatMap(([procedure, { _def }]) => (_def.meta?.restOnly ? [procedure] : [])),
  )
}

/** The app's own uploads, tRPC-only, taking multipart/form-data (ProcedureMeta.form): their body limits. */
export function formProcedures(): Map<string, number> {
  return new Map(
    procedureTable().flatMap(([procedure, { _def }]) => {
      const form = _def.meta?.form
      return form ? [[procedure, form.bodyLimit] as const] : []
    }),
  )
}

/** The procedures that run behind the heavy gate, on /trpc as on REST (a form upload has no row). */
export function heavyProcedures(): Set<string> {
  return new Set([
    ...restRows().flatMap((r) => (r.heavy ? [r.procedure] : [])),
    ...procedureTable().flatMap(([procedure, { _def }]) => (_def.meta?.heavy ? [procedure] : [])),
  ])
}

/** The upload reader's cap on photo bytes of the procedures that declare one. */
export function uploadMaxBytes(): Map<string, number> {
  return new Map(restRows().flatMap((r) => (r.uploadMaxBytes ? [[r.procedure, r.uploadMaxBytes]] : [])))
}

/**
 * The tRPC procedures that take a body larger than the default (each gets a /trpc route of its own):
 * those whose REST row declares one, and the form uploads.
 */
export function largeBodyProcedures(): Map<string, number> {
  return new Map([
    ...restRows().flatMap((r) =>
      r.bodyLimit > DEFAULT_BODY_LIMIT ? [[r.procedure, r.bodyLimit] as const] : [],
    ),
    ...formProcedures(),
  ])
}
