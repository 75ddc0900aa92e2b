// Cats (SPEC §3, §6, §7): an owner's cats, created by visitors and owners, read and changed by their owner
// only (another owner's cat is a 404), with a sniffed photo and the recommendations of shared/rules.
import type OpenAI from 'openai'
import { type RecommendationResult, recommend } from '../../shared/rules/recommendations.ts'
import {
  type Cat,
  type CatFields,
  catIdInputSchema,
  catListSchema,
  catPhotoSchema,
  catSchema,
  createCatInputSchema,
  createCatOutputSchema,
  recommendationsInputSchema,
  recommendationsSchema,
  updateCatInputSchema,
} from '../../shared/schemas/cat.ts'
import { UPLOAD_BODY_LIMIT } from '../body-limits.ts'
import type { Config } from '../config.ts'
import type { Context } from '../context.ts'
import { appError, asOwner } from '../errors.ts'
import type { Prisma } from '../generated/prisma/client.ts'
import { rest } from '../rest/meta.ts'
import { acceptPhoto, photoDataUrl } from '../services/photos.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'
import { catsOfOwner } from './cats-of-owner.ts'

/** Every column a cat answer needs, and not the photo's bytes (lists stay light). */
const CAT_COLUMNS = {
  id: true,
  name: true,
  breed: true,
  gender: true,
  age: true,
  weight: true,
  weightUnit: true,
  targetWeight: true,
  goals: true,
  issuesFaced: true,
  activityLevel: true,
  requiredProgress: true,
  checkInPeriod: true,
  trainingDays: true,
  medicalConditions: true,
  medications: true,
  dietaryRestrictions: true,
  medicalHistory: true,
  items: true,
  foodBowls: true,
  treats: true,
  playtime: true,
  welcomeMessageSpecificDetail: true,
  welcomeMessageRelevantResponse: true,
  photoMimetype: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.CatSelect

export type CatRow = Prisma.CatGetPayload<{ select: typeof CAT_COLUMNS }>

export function toCat(row: CatRow): Cat {
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    gender: row.gender,
    age: row.age,
    weight: row.weight,
    unit: row.weightUnit,
    target_weight: row.targetWeight,
    goals: row.goals,
    issues_faced: row.issuesFaced,
    activity_level: row.activityLevel,
    required_progress: row.requiredProgress,
    check_in_period: row.checkInPeriod,
    training_days: row.trainingDays,
    medical_conditions: row.medicalConditions,
    medications: row.medications,
    dietary_restrictions: row.dietaryRestrictions,
    medical_history: row.medicalHistory,
    items: row.items,
    food_bowls: row.foodBowls,
    treats: row.treats,
    playtime: row.playtime,
    welcome_message_specific_detail: row.welcomeMessageSpecificDetail,
    welcome_message_relevant_response: row.welcomeMessageRelevantResponse,
    // The type is stored with the bytes and cleared with them, so it says whether a photo exists.
    has_photo: row.photoMimetype !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

/** The fields that were sent, as columns; absent fields are left as they are. */
function toColumns(fields: CatFields): Prisma.CatUncheckedUpdateInput {
  const name = fields.name ?? fields.cat_name
  const columns: Prisma.CatUncheckedUpdateInput = {}
  if (name !== undefined) columns.name = name
  if (fields.breed !== undefined) columns.breed = fields.breed
  if (fields.gender !== undefined) columns.gender = fields.gender
  if (fields.age !== undefined) columns.age = fields.age
  if (fields.weight !== undefined) columns.weight = fields.weight
  if (fields.unit !== undefined) columns.weightUnit = fields.unit
  if (fields.target_weight !== undefined) columns.targetWeight = fields.target_weight
  if (fields.goals !== undefined) columns.goals = fields.goals
  if (fields.issues_faced !== undefined) columns.issuesFaced = fields.issues_faced
  if (fields.activity_level !== undefined) columns.activityLevel = fields.activity_level
  if (fields.required_progress !== undefined) columns.requiredProgress = fields.required_progress
  if (fields.check_in_period !== undefined) columns.checkInPeriod = fields.check_in_period
  if (fields.training_days !== undefined) columns.trainingDays = fields.training_days
  if (fields.medical_conditions !== undefined) columns.medicalConditions = fields.medical_conditions
  if (fields.medications !== undefined) columns.medications = fields.medications
  if (fields.dietary_restrictions !== undefined) columns.dietaryRestrictions = fields.dietary_restrictions
  if (fields.medical_history !== undefined) columns.medicalHistory = fields.medical_history
  if (fields.items !== undefined) columns.items = fields.items
  return columns
}

const notFound = () => appError('NOT_FOUND')

/** The owner's cat or a 404: someone else's cat and a missing one answer the same. */
async function ownedCat(ctx: Context & { user: { id: number } }, id: number): Promise<CatRow> {
  const row = await ctx.services.db.cat.findFirst({ where: { id, userId: ctx.user.id }, select: CAT_COLUMNS })
  if (!row) throw notFound()
  return row
}

// ——— Recommendations: the documented rule, or a configured LLM whose answer passes the same schema ———

const LLM_TIMEOUT_MS = 10_000
const clients = new WeakMap<Config, Promise<OpenAI>>()

/** The SDK is loaded only when an LLM is configured (the embedded default never needs it). */
function llmClient(config: Config): Promise<OpenAI> | null {
  if (!config.OPENAI_API_KEY) return null
  let client = clients.get(config)
  if (!client) {
    const apiKey = config.OPENAI_API_KEY
    client = import('openai').then(
      ({ default: OpenAI }) =>
        new OpenAI({ apiKey, baseURL: config.OPENAI_BASE_URL, timeout: LLM_TIMEOUT_MS, maxRetries: 0 }),
    )
    clients.set(config, client)
  }
  return client
}

const RECOMMENDATIONS_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'cat_recommendations',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        food_bowls: { type: 'integer', description: 'cups of food per day, 1 to 3' },
        treats: { type: 'integer', description: 'treats per day, 1 to 10' },
        playtime: { type: 'integer', description: 'minutes of play per day, 5 to 120' },
        welcome_message_specific_detail: { type: 'string' },
        welcome_message_relevant_response: { type: 'string' },
      },
      required: [
        'food_bowls',
        'treats',
        'playtime',
        'welcome_message_specific_detail',
        'welcome_message_relevant_response',
      ],
      additionalProperties: false,
    },
  },
} as const

function recommendationPrompt(cat: CatFields, rule: RecommendationResult): string {
  const profile = JSON.stringify({ ...cat, name: cat.name ?? cat.cat_name ?? '' })
  return [
    'You are a cat-care specialist writing the first recommendations for a new client.',
    'Answer with JSON only: food_bowls (cups of food per day, a whole number from 1 to 3), treats (per day,',
    '1 to 10), playtime (minutes per day, 5 to 120), welcome_message_specific_detail (one sentence naming',
    "the cat and its main issue) and welcome_message_relevant_response (one or two sentences on how you'll help).",
    `A simple rule suggests ${JSON.stringify(rule)}; improve on it only when the profile gives a reason.`,
    `Cat profile: ${profile}`,
  ].join('\n')
}

/** The rule always; a configured LLM may answer instead, and any failure or invalid answer means the rule. */
async function recommendationsFor(ctx: Context, cat: CatFields): Promise<RecommendationResult> {
  const rule = recommend({ ...cat, name: cat.name ?? cat.cat_name ?? '', age: cat.age ?? 0 })
  const pending = llmClient(ctx.services.config)
  if (!pending) return rule
  try {
    const client = await pending
    const completion = await client.chat.completions.create({
      model: ctx.services.config.OPENAI_MODEL,
      messages: [{ role: 'system', content: recommendationPrompt(cat, rule) }],
      response_format: RECOMMENDATIONS_FORMAT,
    })
    const content = completion.choices[0]?.message?.content ?? ''
    const parsed = recommendationsSchema.safeParse(JSON.parse(content))
    if (parsed.success) return parsed.data
    ctx.log.warn({ issues: parsed.error.issues.length }, 'recommendations: invalid LLM answer, rule used')
  } catch (error) {
    // Only the kind of failure is logged: upstream texts can quote the prompt.
    ctx.log.warn(
      { kind: error instanceof Error ? error.name : typeof error },
      'recommendations: LLM failed, rule used',
    )
  }
  return rule
}

function recommendationColumns(r: RecommendationResult) {
  return {
    foodBowls: r.food_bowls,
    treats: r.treats,
    playtime: r.playtime,
    welcomeMessageSpecificDetail: r.welcome_message_specific_detail,
    welcomeMessageRelevantResponse: r.welcome_message_relevant_response,
  }
}

export const catRouter = router({
  /** The owner's cats, oldest first (the newest, the current cat, is last). Never the photo bytes. */
  list: authedProcedure
    .meta(rest('GET', '/api/supabase/cats', { summary: "The owner's cats, oldest first" }))
    .output(catListSchema)
    .query(async ({ ctx }) => {
      const rows = await catsOfOwner<CatRow>(ctx.services.db, ctx.user.id)
      return rows.map(toCat)
    }),

  get: authedProcedure
    .meta(rest('GET', '/api/supabase/cats/:id', { summary: "One of the owner's cats" }))
    .input(catIdInputSchema)
    .output(catSchema)
    .query(async ({ ctx, input }) => toCat(await ownedCat(ctx, input.id))),

  /**
   * The owner's new cat (SPEC §6: the bearer token is needed; a visitor's wizard asks for
   * recommendations instead). The answer carries the recommendations, which are stored on the cat too.
   */
  create: authedProcedure
    .meta(
      rest('POST', '/api/supabase/cats', {
        summary: 'Create a cat; answers its id and recommendations',
        bodyLimit: UPLOAD_BODY_LIMIT,
      }),
    )
    .input(createCatInputSchema)
    .output(createCatOutputSchema)
    .mutation(async ({ ctx, input }) => {
      const { session_id: sessionId, photo, ...fields } = input
      const accepted = photo ? await acceptPhoto(photo) : null
      const recommendations = await recommendationsFor(ctx, fields)
      const created = await asOwner(() =>
        ctx.services.db.cat.create({
          data: {
            ...(toColumns(fields) as Prisma.CatUncheckedCreateInput),
            userId: ctx.user.id,
            sessionId: sessionId ?? null,
            ...recommendationColumns(recommendations),
            ...(accepted
              ? { photo: accepted.bytes, photoMimetype: accepted.mimetype, photoName: accepted.originalname }
              : {}),
          },
          select: { id: true },
        }),
      )
      return { id: created.id, recommendations }
    }),

  /** Changes the fields sent (and the photo, when one is sent); answers the cat as it now is. */
  update: authedProcedure
    .meta(
      rest('PUT', '/api/supabase/cats/:id', {
        summary: "Change a cat's fields and photo",
        bodyLimit: UPLOAD_BODY_LIMIT,
      }),
    )
    .input(updateCatInputSchema)
    .output(catSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, photo, ...fields } = input
      await ownedCat(ctx, id)
      const accepted = photo ? await acceptPhoto(photo) : null
      const data: Prisma.CatUncheckedUpdateInput = {
        ...toColumns(fields),
        ...(accepted
          ? { photo: accepted.bytes, photoMimetype: accepted.mimetype, photoName: accepted.originalname }
          : {}),
      }
      // Nothing to change (an empty body, or only unknown fields): the owner gets their cat as it is.
      if (Object.keys(data).length > 0) {
        // The owner check and the write in one statement, so a cat that changed hands meanwhile is not written.
        const { count } = await ctx.services.db.cat.updateMany({ where: { id, userId: ctx.user.id }, data })
        if (count === 0) throw notFound()
      }
      return toCat(await ownedCat(ctx, id))
    }),

  /** The photo for its owner's browser, as a data URL (null when the cat has none). */
  photo: authedProcedure
    // A photo is megabytes as a data URL: reads wait their turn behind the heavy gate too.
    .meta({
      ...rest('GET', '/api/supabase/cats/:id/photo', { summary: "A cat's photo as a data URL" }),
      heavy: true,
    })
    .input(catIdInputSchema)
    .output(catPhotoSchema)
    .query(async ({ ctx, input }) => {
      const row = await ctx.services.db.cat.findFirst({
        where: { id: input.id, userId: ctx.user.id },
        select: { photo: true, photoMimetype: true, photoName: true },
      })
      if (!row) throw notFound()
      return {
        data_url: row.photo && row.photoMimetype ? photoDataUrl(row.photo, row.photoMimetype) : null,
        mimetype: row.photoMimetype,
        originalname: row.photoName,
      }
    }),

  /** SPEC §7: no token needed. Fields arrive lower-cased; unknown age and weights count as 0. */
  recommendations: publicProcedure
    .meta(
      rest('POST', '/api/openai/recommendations', {
        summary: 'Food, treats, playtime and welcome messages for a cat',
      }),
    )
    .input(recommendationsInputSchema)
    .output(recommendationsSchema)
    .mutation(async ({ ctx, input }) => {
      const { session_id: _sessionId, ...fields } = input
      return recommendationsFor(ctx, {
        ...fields,
        age: fields.age ?? 0,
        weight: fields.weight ?? 0,
        target_weight: fields.target_weight ?? 0,
      })
    }),
})
