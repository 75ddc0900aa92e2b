// The app's own uploads travel as multipart/form-data: the file as bytes, its text fields beside it, to
// a tRPC-only procedure that takes a FormData (docs/api.md "Photos and documents"). The REST rows keep
// their JSON bodies. Here: a kind of file's rule (the types and size it may have, and the catalogue's
// refusals), and the zod input that reads a FormData by such rules.
import { z } from 'zod'
import type { ErrorCode } from '../errors.ts'

/** A refusal by the catalogue's code, in words for that kind of file. */
export interface Refusal {
  code: ErrorCode
  message: string
}

/** What a kind of upload may be; the server reads the bytes for the real type (the declared one is a hint). */
export interface FileRule {
  types: readonly string[]
  maxBytes: number
  tooLarge: Refusal
  wrongType: Refusal
  /** The form has no file (or an empty one). */
  missing: string
}

/** A zod issue that answers as a catalogue entry (server/public-error.ts), not as a plain 400. */
const REFUSAL_PARAM = 'appCode'

/** The catalogue code a zod issue carries, when it was raised as a refusal (formFile below). */
export function issueRefusal(issue: { code: string; params?: Record<string, unknown> } | undefined) {
  const code = issue?.code === 'custom' ? issue.params?.[REFUSAL_PARAM] : undefined
  return typeof code === 'string' ? (code as ErrorCode) : undefined
}

/** A browser sends a file it cannot name the type of as '' (curl: application/octet-stream): the bytes say. */
const declaredType = (file: File) => (file.type === 'application/octet-stream' ? '' : file.type)

/** The form's file, by its rule: present and not empty (400), a type the rule takes (415), not too large (413). */
export function formFile(rule: FileRule) {
  return z.instanceof(File, { error: rule.missing }).superRefine((file, ctx) => {
    const type = declaredType(file)
    const refusal =
      file.size === 0
        ? null
        : type && !rule.types.includes(type)
          ? rule.wrongType
          : file.size > rule.maxBytes
            ? rule.tooLarge
            : undefined
    if (refusal === null) ctx.addIssue({ code: 'custom', message: rule.missing })
    else if (refusal)
      ctx.addIssue({ code: 'custom', message: refusal.message, params: { [REFUSAL_PARAM]: refusal.code } })
  })
}

/** A form field's value; DOM's FormDataEntryValue by its parts, as the server's build has no DOM types. */
type FormValue = File | string

/** The first value of each field of the form (a field sent twice counts once). */
function fieldsOf(form: FormData): Record<string, FormValue> {
  const fields = new Map<string, FormValue>()
  for (const [name, value] of form) if (!fields.has(name)) fields.set(name, value)
  return Object.fromEntries(fields)
}

/**
 * A procedure's input as a FormData (tRPC hands it over as the request's parsed form), read into an
 * object and checked by `fields`: text fields are strings, files are File.
 */
export function formInput<Fields extends z.ZodObject>(fields: Fields) {
  return z
    .instanceof(FormData, { error: 'The upload must be sent as multipart/form-data' })
    .transform(fieldsOf)
    .pipe(fields as unknown as z.ZodType<z.output<Fields>, Record<string, FormValue>>)
}

/** A form's file as the bytes the domain's upload functions take (off the JS heap, like the JSON reader's). */
export async function fileBytes(file: File): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await file.arrayBuffer())
}
