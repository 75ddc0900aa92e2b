// Cats (docs/product.md §3, §6, §7): the procedures. The rules are in server/domain/cats (an owner's cats:
// owner-cats.ts; the photo: cat-photo.ts; the recommendations: recommendations.ts).

import {
  CAT_PHOTO_FILE,
  catIdInputSchema,
  catListSchema,
  catPhotoSchema,
  catSchema,
  createCatInputSchema,
  createCatOutputSchema,
  recommendationsInputSchema,
  recommendationsSchema,
  updateCatFormInput,
  updateCatInputSchema,
} from '../../shared/schemas/cat.ts'
import { fileBytes } from '../../shared/schemas/form-upload.ts'
import { UPLOAD_BODY_LIMIT } from '../body-limits.ts'
import { catPhoto } from '../domain/cats/cat-photo.ts'
import { toCat } from '../domain/cats/cat-record.ts'
import { createCatWithPlan, updateCatAndPlan } from '../domain/cats/cat-with-plan.ts'
import { listCats, ownedCat } from '../domain/cats/owner-cats.ts'
import { visitorRecommendations } from '../domain/cats/recommendations.ts'
import { formUpload, rateLimit, rest } from '../rest/meta.ts'
import { perIp } from '../services/rate-limits.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'

export const catRouter = router({
  /** The owner's cats, oldest first (the newest, the current cat, is last). Never the photo bytes. */
  list: authedProcedure
    .meta(rest('GET', '/api/supabase/cats', { summary: "The owner's cats, oldest first" }))
    .output(catListSchema)
    .query(({ ctx }) => listCats(ctx.services.db, ctx.user.id)),

  get: authedProcedure
    .meta(rest('GET', '/api/supabase/cats/:id', { summary: "One of the owner's cats" }))
    .input(catIdInputSchema)
    .output(catSchema)
    .query(async ({ ctx, input }) => toCat(await ownedCat(ctx.services.db, ctx.user.id, input.id, 'read'))),

  /**
   * The owner's new cat (docs/product.md §6: the bearer token is needed; a visitor's wizard asks for
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
    .mutation(({ ctx, input }) => {
      const { session_id: sessionId, photo, ...fields } = input
      return createCatWithPlan({ ...ctx.services, log: ctx.log }, ctx.user.id, { fields, photo, sessionId })
    }),

  /**
   * Changes the fields sent (and the photo, when one is sent); answers the cat as it now is. New answers
   * refresh what is made from them: the daily suggestions, and the care plan's rhythm and days.
   */
  update: authedProcedure
    .meta(
      rest('PUT', '/api/supabase/cats/:id', {
        summary: "Change a cat's fields and photo",
        bodyLimit: UPLOAD_BODY_LIMIT,
      }),
    )
    .input(updateCatInputSchema)
    .output(catSchema)
    .mutation(({ ctx, input }) => {
      const { id, photo, ...fields } = input
      return updateCatAndPlan({ ...ctx.services, log: ctx.log }, ctx.user.id, id, { fields, photo })
    }),

  /**
   * The profile form's save with a new photo (the app's own upload): a FormData of the cat's `id`, the
   * fields that changed and the `photo` file; answers the cat as update does (no REST row).
   */
  updateForm: authedProcedure
    .meta(formUpload(CAT_PHOTO_FILE))
    .input(updateCatFormInput)
    .output(catSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, photo, ...fields } = input
      const buffer = await fileBytes(photo)
      return updateCatAndPlan({ ...ctx.services, log: ctx.log }, ctx.user.id, id, {
        fields,
        photo: { buffer, mimetype: photo.type, originalname: photo.name },
      })
    }),

  /** The photo's short-lived signed address, which an <img> loads (null when the cat has none). */
  photo: authedProcedure
    .meta(
      rest('GET', '/api/supabase/cats/:id/photo', {
        summary: "A cat's photo: its signed address (GET it within minutes, no token needed)",
      }),
    )
    .input(catIdInputSchema)
    .output(catPhotoSchema)
    .query(({ ctx, input }) => catPhoto(ctx.services.db, ctx.services.tokens.files, ctx.user.id, input.id)),

  /** docs/product.md §7: no token needed. Fields arrive lower-cased; unknown age and weights count as 0. */
  recommendations: publicProcedure
    .meta(
      rest('POST', '/api/openai/recommendations', {
        summary: 'Food, treats, playtime and welcome messages for a cat',
      }),
    )
    .meta(rateLimit(perIp('recommendationsPerIp')))
    .input(recommendationsInputSchema)
    .output(recommendationsSchema)
    .mutation(async ({ ctx, input }) => {
      const { session_id: _sessionId, ...fields } = input
      return visitorRecommendations(ctx.services.assistant, ctx.log, fields)
    }),
})
