// The care loop's and the weight log's shapes (docs/product.md §10): snake_case like docs/product.md §7.
import { z } from 'zod'
import { CHECK_IN_PERIODS, TRAINING_DAYS } from '../options.ts'
import { MAX_LOGGED_WEIGHT, WEIGHT_UNITS } from '../rules/weight.ts'
import { recordId } from './primitives.ts'

/** The heaviest weight the log accepts (shared/rules/weight.ts: the one range every weight field keeps). */
export { MAX_LOGGED_WEIGHT }

/** Every care procedure acts on the owner's cat named here, else on the current cat (the highest id). */
export const careCatInput = z.object({ cat_id: recordId.optional() })

/** A page of the weight log: the entries after the entry `after`, at most `limit` (docs/api.md "Limits and quotas"). */
export const weightsPageInput = careCatInput.extend({
  after: recordId.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 1000' })
    .int('limit must be a whole number from 1 to 1000')
    .min(1, 'limit must be a whole number from 1 to 1000')
    .max(1000, 'limit must be a whole number from 1 to 1000')
    .optional(),
})

export const weightUnitSchema = z.enum(WEIGHT_UNITS, { error: "unit must be 'Lbs' or 'Kg'" })

/** A weight the owner records: above 0, at most 50 lb or 23 kg, and not in the future (checked by the domain). */
export const weightInput = careCatInput
  .extend({
    weight: z
      .number({ error: 'weight must be a number' })
      .refine(Number.isFinite, 'weight must be a number')
      .gt(0, 'weight must be greater than 0'),
    unit: weightUnitSchema,
    measured_at: z.iso
      .datetime({ offset: true, error: 'measured_at must be an ISO-8601 date and time' })
      .optional(),
    /** Where the owner typed it: /progress (the default) or a confirmed offer in the chat. */
    source: z.enum(['progress', 'chat'], { error: "source must be 'progress' or 'chat'" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.weight > MAX_LOGGED_WEIGHT[value.unit]) {
      ctx.addIssue({
        code: 'custom',
        path: ['weight'],
        message: `weight must be at most ${MAX_LOGGED_WEIGHT[value.unit]} ${value.unit === 'Kg' ? 'kg' : 'lb'}`,
      })
    }
  })
export type WeightInput = z.infer<typeof weightInput>

export const weightEntrySchema = z.object({
  id: z.number().int(),
  weight: z.number(),
  unit: weightUnitSchema,
  measured_at: z.string(),
})
export type WeightEntry = z.infer<typeof weightEntrySchema>

/** True for an IANA time zone name the runtime knows ('America/New_York', 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** The zone's own spelling (`america/new_york` → `America/New_York`), as Intl resolves it. */
export function canonicalTimeZone(name: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
}

/** An IANA zone in any letter case, stored as its canonical name (one zone, one spelling). */
export const timeZoneSchema = z
  .string({ error: 'timezone must be an IANA time zone name' })
  .refine(isTimeZone, 'timezone must be an IANA time zone name, like America/New_York')
  .transform(canonicalTimeZone)

export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/** What PUT /api/care/plan takes: any of these fields, nothing else (docs/product.md §10). */
export const carePlanUpdateInput = z.strictObject(
  {
    cat_id: recordId.optional(),
    check_in_period: z
      .enum(CHECK_IN_PERIODS, { error: "check_in_period must be 'Daily', '3 Times a Week' or 'Weekly'" })
      .optional(),
    training_days: z
      .array(
        z.enum(TRAINING_DAYS, {
          error: `training_days: each day must be one of ${TRAINING_DAYS.join(', ')}`,
        }),
        {
          error: 'training_days must be a list of days',
        },
      )
      .max(TRAINING_DAYS.length, 'training_days lists each day once')
      .refine((days) => new Set(days).size === days.length, 'training_days lists each day once')
      .optional(),
    reminder_time: z
      .string({ error: 'reminder_time must be HH:MM (24 h)' })
      .regex(REMINDER_TIME_PATTERN, 'reminder_time must be HH:MM (24 h)')
      .optional(),
    timezone: timeZoneSchema.optional(),
    channels: z
      .strictObject(
        {
          email: z.boolean({ error: 'channels.email must be true or false' }).optional(),
          push: z.boolean({ error: 'channels.push must be true or false' }).optional(),
        },
        { error: 'channels must be {email, push}' },
      )
      .optional(),
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    /** The cat's household members get its reminders by e-mail too (docs/household.md, "Reminders"). */
    members_reminded: z.boolean({ error: 'members_reminded must be true or false' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `unknown field: ${issue.keys.join(', ')}` : undefined,
  },
)
export type CarePlanUpdate = z.infer<typeof carePlanUpdateInput>

export const carePlanSchema = z.object({
  cat_id: z.number().int(),
  check_in_period: z.enum(CHECK_IN_PERIODS),
  training_days: z.array(z.enum(TRAINING_DAYS)),
  reminder_time: z.string(),
  timezone: z.string(),
  channels: z.object({ email: z.boolean(), push: z.boolean() }),
  paused: z.boolean(),
  members_reminded: z.boolean(),
  next_check_in_at: z.string().nullable(),
})
export type CarePlan = z.infer<typeof carePlanSchema>

export const CHECK_IN_STATUSES = ['due', 'done', 'missed'] as const
export const checkInSchema = z.object({
  id: z.number().int(),
  due_at: z.string(),
  status: z.enum(CHECK_IN_STATUSES),
  /** The first check-in of the week asks for a weight. */
  weigh_in: z.boolean(),
  answered_at: z.string().nullable(),
  weight: z.number().nullable(),
  unit: weightUnitSchema.nullable(),
  note: z.string().nullable(),
})
export type CheckIn = z.infer<typeof checkInSchema>

export const CHECK_IN_NOTE_MAX_LENGTH = 2000

/** POST /api/care/check-ins/{id}: a weight needs its unit (the unit alone is ignored). */
export const checkInAnswerInput = z
  .object({
    id: recordId,
    weight: z
      .number({ error: 'weight must be a number' })
      .refine(Number.isFinite, 'weight must be a number')
      .gt(0, 'weight must be greater than 0')
      .optional(),
    unit: weightUnitSchema.optional(),
    note: z
      .string({ error: 'note must be text' })
      .trim()
      .max(CHECK_IN_NOTE_MAX_LENGTH, `note is at most ${CHECK_IN_NOTE_MAX_LENGTH} characters`)
      .refine((t) => !t.includes('\u0000'), 'note has invalid characters')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.weight === undefined) return
    if (!value.unit) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: "unit must be 'Lbs' or 'Kg' with a weight" })
    } else if (value.weight > MAX_LOGGED_WEIGHT[value.unit]) {
      ctx.addIssue({
        code: 'custom',
        path: ['weight'],
        message: `weight must be at most ${MAX_LOGGED_WEIGHT[value.unit]} ${value.unit === 'Kg' ? 'kg' : 'lb'}`,
      })
    }
  })

export const checkInIdInput = z.object({ id: recordId })

/** The browser's own zone, sent at sign-in and when the quiz is finished. */
export const ownerTimeZoneInput = z.object({ timezone: timeZoneSchema })

/** Any text: a token that is not one of ours is a 404, whatever its shape. */
export const unsubscribeInput = z.object({
  token: z.string({ error: 'Invalid token' }).max(200, 'Invalid token'),
})

/** GET /api/care/check-ins/{id}: the check-in and Dr. Olivia's opening of it in the chat. */
export const checkInOpeningSchema = z.object({
  check_in: checkInSchema,
  cat_name: z.string(),
  /** The unit the owner weighs the cat in (the form's default). */
  weight_unit: weightUnitSchema,
  opening: z.string(),
})

const base64url = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be base64url text` })
    .regex(/^[A-Za-z0-9_-]+=*$/, `${field} must be base64url text`)
    .min(min, `${field} is too short`)
    .max(max, `${field} is too long`)

/** A browser's PushSubscription as `toJSON()` gives it; push services are reached over https only. */
export const pushSubscriptionInput = z.object({
  endpoint: z
    .string({ error: 'endpoint must be a URL' })
    .max(1000, 'endpoint is too long')
    .refine(
      (value) => URL.canParse(value) && new URL(value).protocol === 'https:',
      'endpoint must be an https URL',
    ),
  keys: z.object(
    { p256dh: base64url('keys.p256dh', 40, 200), auth: base64url('keys.auth', 8, 64) },
    { error: 'keys must be {p256dh, auth}' },
  ),
})
export const pushEndpointInput = z.object({
  endpoint: z.string({ error: 'endpoint must be a URL' }).max(1000),
})
export const pushKeySchema = z.object({ public_key: z.string() })
