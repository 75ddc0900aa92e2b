// The cat (docs/product.md §3) as one set of zod field rules. Every cat procedure's input and output, the
// recommendations call, the wizard's steps and the profile form are built from these same fields.
import { z } from 'zod'
import { MAX_CAT_AGE, MAX_MULTI_SELECT, PHOTO_MAX_BYTES, PHOTO_TYPES } from '../constants.ts'
import { ERRORS } from '../errors.ts'
import {
  ACTIVITY_LEVELS,
  CAT_BREEDS,
  CAT_ITEMS,
  CHECK_IN_PERIODS,
  GENDERS,
  GOAL_OPTIONS,
  MEDICAL_CONDITIONS,
  PROGRESS_OPTIONS,
  TRAINING_DAYS,
} from '../options.ts'
import { hasUnsafeNameCharacters, NAME_CHARACTERS_MESSAGE } from '../rules/name-characters.ts'
import {
  hasAtMostTwoDecimals,
  isWeightInRange,
  MAX_WEIGHT,
  parseWeightText,
  WEIGHT_PATTERN,
  WEIGHT_UNITS,
  weightFromBand,
} from '../rules/weight.ts'
import { type FileRule, formFile, formInput } from './form-upload.ts'
import { recordId, sessionIdSchema, wellFormedText } from './primitives.ts'

/** The texts the forms show (docs/product.md §5) and the API answers with, prefixed by the field's name. */
export const CAT_MESSAGES = {
  name: "Please enter your cat's name",
  gender: "Please select your cat's gender",
  age: "Please enter your cat's age",
  breed: "Please select your cat's breed",
  weight: 'Please enter a valid weight for your cat (e.g., 8.5)',
  targetWeight: "Please select your cat's target weight",
  unit: 'Please select the weight unit',
  medicalCondition: 'Please select a medical condition',
  atLeastOne: 'Please select at least one option',
  tooMany: `Please select at most ${MAX_MULTI_SELECT} options`,
  activity: "Please select your cat's activity level",
  checkIn: 'Please select how often you want to check in',
  trainingDays: 'Please select at least one training day',
  items: 'Please select at least one item',
  photo: 'Please choose a photo',
  option: 'Please choose one of the listed options',
  text: 'Please enter text',
  tooLong: 'This text is too long',
} as const

export const MAX_NAME_LENGTH = 80
export const MAX_BREED_LENGTH = 80
export const MAX_SHORT_TEXT = 500
export const MAX_LONG_TEXT = 2000
export const MAX_ISSUE_LENGTH = 300

const CAT_ITEM_TITLES = CAT_ITEMS.map((item) => item.title) as [string, ...string[]]

/** The listed option spelled as the list spells it, whatever the case it arrived in (recommendations lower-case). */
function canonical(options: readonly string[], value: string): string {
  const wanted = value.trim().toLowerCase()
  return options.find((option) => option.toLowerCase() === wanted) ?? value.trim()
}

const text = (max: number) =>
  wellFormedText(CAT_MESSAGES.text).trim().max(max, { error: CAT_MESSAGES.tooLong })

/**
 * A name: text that holds none of the characters names refuse (shared/rules/name-characters.ts), checked
 * before the trim, so a name ending in a line break is refused rather than quietly cut.
 */
const nameText = (max: number) =>
  z
    .string({ error: CAT_MESSAGES.text })
    .refine((value) => !hasUnsafeNameCharacters(value), { error: NAME_CHARACTERS_MESSAGE })
    .trim()
    .max(max, { error: CAT_MESSAGES.tooLong })

/** One of `options` in any letter case, or '' for not answered yet. */
function choice(options: readonly string[], message: string) {
  return z
    .string({ error: message })
    .transform((value) => canonical(options, value))
    .pipe(z.enum(['', ...options] as [string, ...string[]], { error: message }))
}

/** A list of titles from `options`, at most 10, duplicates dropped; a single title is a list of one. */
function titles(options: readonly string[], max = MAX_MULTI_SELECT) {
  return z
    .union([z.string(), z.array(z.string())], { error: CAT_MESSAGES.option })
    .transform((value) => toList(value).map((item) => canonical(options, item)))
    .pipe(
      z
        .array(z.enum(options as [string, ...string[]], { error: CAT_MESSAGES.option }))
        .max(max, { error: CAT_MESSAGES.tooMany }),
    )
    .transform((list) => [...new Set(list)])
}

function toList(value: string | string[]): string[] {
  const list = Array.isArray(value) ? value : [value]
  return list.map((item) => item.trim()).filter((item) => item !== '')
}

/** Free-text answers (the interview's issues): one text or a list of them. */
const freeList = z
  .union([z.string(), z.array(z.string())], { error: CAT_MESSAGES.text })
  .transform(toList)
  .pipe(
    z
      .array(wellFormedText(CAT_MESSAGES.text).max(MAX_ISSUE_LENGTH, { error: CAT_MESSAGES.tooLong }))
      .max(MAX_MULTI_SELECT, { error: CAT_MESSAGES.tooMany }),
  )

/** A number, or the text of one as local storage keeps it; '' and null mean unknown. */
function numberish(message: string, parseText: (text: string) => number) {
  return z.union([z.number(), z.string(), z.null()], { error: message }).transform((value) => {
    if (value === null) return null
    if (typeof value === 'number') return value
    const trimmed = value.trim()
    return trimmed === '' ? null : parseText(trimmed)
  })
}

const age = numberish(CAT_MESSAGES.age, (value) =>
  /^\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN,
).pipe(
  z
    .number({ error: CAT_MESSAGES.age })
    .min(0, { error: CAT_MESSAGES.age })
    .max(MAX_CAT_AGE, { error: CAT_MESSAGES.age })
    .nullable(),
)

/**
 * Digits with up to 2 decimals (a decimal comma too), 0 (unknown) up to the weight log's top (50 lb; the
 * cat's unit narrows it to 23 kg where the unit is known: isWeightInRange); a short-quiz band label
 * counts as its representative weight.
 */
function weightField(message: string) {
  return numberish(message, (value) =>
    WEIGHT_PATTERN.test(value) ? parseWeightText(value) : (weightFromBand(value) ?? Number.NaN),
  ).pipe(
    z
      .number({ error: message })
      .min(0, { error: message })
      .max(MAX_WEIGHT, { error: message })
      .refine(hasAtMostTwoDecimals, { error: message })
      .nullable(),
  )
}

/** The rules of each cat field. Absent fields are left alone; present ones must pass. */
export const catFields = {
  name: nameText(MAX_NAME_LENGTH),
  breed: text(MAX_BREED_LENGTH),
  gender: choice(GENDERS, CAT_MESSAGES.gender),
  age,
  weight: weightField(CAT_MESSAGES.weight),
  unit: z
    .string({ error: CAT_MESSAGES.unit })
    .transform((value) => canonical(WEIGHT_UNITS, value))
    .pipe(z.enum(WEIGHT_UNITS, { error: CAT_MESSAGES.unit })),
  target_weight: weightField(CAT_MESSAGES.targetWeight),
  goals: titles(GOAL_OPTIONS),
  issues_faced: freeList,
  activity_level: choice(ACTIVITY_LEVELS, CAT_MESSAGES.activity),
  required_progress: titles(PROGRESS_OPTIONS),
  check_in_period: choice(CHECK_IN_PERIODS, CAT_MESSAGES.checkIn),
  training_days: titles(TRAINING_DAYS, TRAINING_DAYS.length),
  medical_conditions: text(MAX_SHORT_TEXT),
  medications: text(MAX_LONG_TEXT),
  dietary_restrictions: text(MAX_LONG_TEXT),
  medical_history: text(MAX_LONG_TEXT),
  items: titles(CAT_ITEM_TITLES, CAT_ITEM_TITLES.length),
}

/** Every cat field, each optional. `cat_name` (the quiz's and profile's key) is accepted for `name`. */
export const catFieldsSchema = z.object({ ...catFields, cat_name: catFields.name }).partial()
export type CatFields = z.output<typeof catFieldsSchema>

/** Database ids arrive as numbers (tRPC) or path text (REST): the one record-id rule. */
export const catIdSchema = recordId

/**
 * docs/product.md §3: the photo as a byte array plus mimetype and originalname. The bytes may also come as
 * base64 text (a third of the size on the wire). The declared mimetype is not trusted: the server
 * sniffs the bytes (server/services/photos.ts).
 */
export const photoBytesSchema = z.union(
  [
    z.string(),
    // What the server's upload reader makes of a long byte array or base64 text (server/http/upload-body.ts).
    z.instanceof(Uint8Array),
    z.custom<number[]>(
      (value) => Array.isArray(value) && value.every((b) => Number.isInteger(b) && b >= 0 && b <= 255),
      { error: 'The photo must be a list of bytes (0 to 255)' },
    ),
  ],
  { error: 'The photo must be a list of bytes or base64 text' },
)

/** The declared type and name beside the bytes (not trusted; the server reads the bytes). */
export const photoMetaFields = {
  mimetype: z.string().max(100).optional(),
  originalname: z.string().max(255).optional(),
}

export const photoInputSchema = z.object({ buffer: photoBytesSchema, ...photoMetaFields })
export type PhotoInput = z.input<typeof photoInputSchema>

export const createCatInputSchema = catFieldsSchema.extend({
  /** The browser's sessionId: visitor rows are attached to the account by it at sign-in. */
  session_id: sessionIdSchema.optional(),
  photo: photoInputSchema.optional(),
})
export type CreateCatInput = z.input<typeof createCatInputSchema>

export const updateCatInputSchema = catFieldsSchema.extend({
  id: catIdSchema,
  photo: photoInputSchema.optional(),
})
export type UpdateCatInput = z.input<typeof updateCatInputSchema>

/** A cat's profile photo: PNG, JPEG, WebP or GIF by its bytes, at most 5 MB (server/services/photos.ts). */
export const CAT_PHOTO_FILE: FileRule = {
  types: PHOTO_TYPES,
  maxBytes: PHOTO_MAX_BYTES,
  tooLarge: { code: 'PHOTO_TOO_LARGE', message: ERRORS.photoTooLarge },
  wrongType: { code: 'PHOTO_TYPE', message: ERRORS.photoType },
  missing: CAT_MESSAGES.photo,
}

/**
 * The profile form's save with a new photo (cat.updateForm, the app's own): a FormData of the cat's `id`,
 * the text fields that changed (`name`, `breed`) and the `photo` file. No REST row: PUT
 * /api/supabase/cats/{id} takes the photo in JSON.
 */
export const updateCatFormInput = formInput(
  z.object({
    id: catIdSchema,
    name: catFields.name.optional(),
    breed: catFields.breed.optional(),
    photo: formFile(CAT_PHOTO_FILE),
  }),
)

export const catIdInputSchema = z.object({ id: catIdSchema })

/** What recommendations produce (docs/product.md §7): also the shape an LLM answer must have to be used. */
export const recommendationsSchema = z.object({
  food_bowls: z.number().int().min(1).max(3),
  treats: z.number().int().min(1).max(10),
  playtime: z.number().int().min(5).max(120),
  welcome_message_specific_detail: z.string().trim().min(1).max(600),
  welcome_message_relevant_response: z.string().trim().min(1).max(600),
})
export type Recommendations = z.output<typeof recommendationsSchema>

/** The recommendations call takes the cat's fields (lower-cased by the client; any case is accepted). */
export const recommendationsInputSchema = catFieldsSchema.extend({
  session_id: sessionIdSchema.optional(),
})

/** A cat as every procedure answers it. The photo's bytes are never in it: has_photo says whether one exists. */
export const catSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  breed: z.string(),
  gender: z.string(),
  age: z.number().nullable(),
  weight: z.number().nullable(),
  unit: z.string(),
  target_weight: z.number().nullable(),
  goals: z.array(z.string()),
  issues_faced: z.array(z.string()),
  activity_level: z.string(),
  required_progress: z.array(z.string()),
  check_in_period: z.string(),
  training_days: z.array(z.string()),
  medical_conditions: z.string(),
  medications: z.string(),
  dietary_restrictions: z.string(),
  medical_history: z.string(),
  items: z.array(z.string()),
  food_bowls: z.number().int().nullable(),
  treats: z.number().int().nullable(),
  playtime: z.number().int().nullable(),
  welcome_message_specific_detail: z.string(),
  welcome_message_relevant_response: z.string(),
  has_photo: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  /** A cat shared with the user (docs/household.md): its owner's e-mail; absent on the user's own cats. */
  shared_by: z.string().optional(),
  /** The user's role on a shared cat; absent on their own cats. */
  role: z.enum(['family', 'sitter']).optional(),
  /**
   * What the user may do on this cat (server/domain/household/access.ts; docs/household.md): in the
   * cat list always; absent where only the owner reads the cat (get, update).
   */
  may: z.array(z.enum(['read', 'log', 'manage', 'chat', 'own'])).optional(),
})
export type Cat = z.output<typeof catSchema>

export const catListSchema = z.array(catSchema)

export const createCatOutputSchema = z.object({
  id: z.number().int(),
  recommendations: recommendationsSchema,
})

/**
 * The cat's photo as a short-lived signed address an <img> loads (it cannot send a bearer token); the
 * bytes never travel inside JSON. Null when the cat has no photo.
 */
export const catPhotoSchema = z.object({
  url: z.string().nullable(),
  mimetype: z.string().nullable(),
  originalname: z.string().nullable(),
})
export type CatPhoto = z.output<typeof catPhotoSchema>

// ——— The forms: each wizard step and the profile, from the same field rules plus "required" ———

const filled = (value: string) => value.trim() !== ''
const picked = (list: readonly string[]) => list.length > 0

export const wizardStepSchemas = {
  basics: z.object({
    name: catFields.name.refine(filled, { error: CAT_MESSAGES.name }),
    gender: catFields.gender.refine((v) => v !== '', { error: CAT_MESSAGES.gender }),
    // 0 to 24 years: a kitten's band (0.25, 0.5; the short quiz's 0) is an age too (shared/rules/age.ts).
    age: catFields.age.refine((v) => v !== null, { error: CAT_MESSAGES.age }),
  }),
  breedWeight: z
    .object({
      breed: catFields.breed.refine(filled, { error: CAT_MESSAGES.breed }),
      weight: catFields.weight.refine((v) => v !== null && v > 0, { error: CAT_MESSAGES.weight }),
      unit: catFields.unit,
    })
    // The weight log's range in the chosen unit (23 kg is the top in kg), as the server holds it.
    .refine(({ weight, unit }) => weight === null || isWeightInRange(weight, unit), {
      error: CAT_MESSAGES.weight,
      path: ['weight'],
    }),
  medical: z.object({
    medical_conditions: z.enum(MEDICAL_CONDITIONS, { error: CAT_MESSAGES.medicalCondition }),
    medications: catFields.medications.optional(),
    dietary_restrictions: catFields.dietary_restrictions.optional(),
    medical_history: catFields.medical_history.optional(),
  }),
  progress: z.object({
    required_progress: catFields.required_progress.refine(picked, { error: CAT_MESSAGES.atLeastOne }),
  }),
  barriers: z.object({
    issues_faced: catFields.issues_faced.refine(picked, { error: CAT_MESSAGES.atLeastOne }),
  }),
  goals: z.object({ goals: catFields.goals.refine(picked, { error: CAT_MESSAGES.atLeastOne }) }),
  activity: z.object({
    activity_level: catFields.activity_level.refine((v) => v !== '', { error: CAT_MESSAGES.activity }),
  }),
  checkIn: z.object({
    check_in_period: catFields.check_in_period.refine((v) => v !== '', { error: CAT_MESSAGES.checkIn }),
  }),
  targetWeight: z.object({
    target_weight: catFields.target_weight.refine((v) => v !== null && v > 0, {
      error: CAT_MESSAGES.targetWeight,
    }),
  }),
  trainingDays: z.object({
    training_days: catFields.training_days.refine(picked, { error: CAT_MESSAGES.trainingDays }),
  }),
  items: z.object({ items: catFields.items.refine(picked, { error: CAT_MESSAGES.items }) }),
}

/** docs/product.md §5: the profile form is valid when a photo is chosen and every text field is non-empty. */
export const profileFormSchema = z.object({
  name: catFields.name.refine(filled, { error: CAT_MESSAGES.name }),
  breed: z.enum(CAT_BREEDS, { error: CAT_MESSAGES.breed }),
  has_photo: z.literal(true, { error: CAT_MESSAGES.photo }),
})

/**
 * The profile's details (age, sex, weights, activity, medical notes, goals): the cat's field rules as the
 * server applies them, each optional (an owner fills in what they know), the weights within the weight
 * log's range in the chosen unit.
 */
export const profileDetailsSchema = z
  .object({
    age: catFields.age,
    gender: catFields.gender,
    weight: catFields.weight,
    unit: catFields.unit,
    target_weight: catFields.target_weight,
    activity_level: catFields.activity_level,
    medical_conditions: catFields.medical_conditions,
    medications: catFields.medications,
    dietary_restrictions: catFields.dietary_restrictions,
    medical_history: catFields.medical_history,
    goals: catFields.goals,
  })
  .refine(({ weight, unit }) => !weight || isWeightInRange(weight, unit), {
    error: CAT_MESSAGES.weight,
    path: ['weight'],
  })
  .refine(({ target_weight, unit }) => !target_weight || isWeightInRange(target_weight, unit), {
    error: CAT_MESSAGES.weight,
    path: ['target_weight'],
  })

/** The first message of each invalid field, keyed by field name (what a form shows beside each input). */
export function fieldErrors(error: z.ZodError | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error?.issues ?? []) {
    const key = String(issue.path[0] ?? '')
    if (!(key in out)) out[key] = issue.message
  }
  return out
}
