// Cats (SPEC §3, §6, §7): the procedures. The rules are in server/domain/cats (an owner's cats:
// owner-cats.ts; the photo: cat-photo.ts; the recommendations: recommendations.ts).

import {
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
import { ensureCarePlan, replanFromQuiz } from '../domain/care/plan.ts'
import { catPhoto } from '../domain/cats/cat-photo.ts'
import { toCat } from '../domain/cats/cat-record.ts'
import { createCat, listCats, ownedCat, updateCat } from '../domain/cats/owner-cats.ts'
import { visitorRecommendations } from '../domain/cats/recommendations.ts'
import { requireRoom } from '../domain/quotas.ts'
import { rest } from '../rest/meta.ts'
import { authedProcedure, limit, publicProcedure, router } from '../trpc.ts'

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
    .query(async ({ ctx, input }) => toCat(await ownedCat(ctx.services.db, ctx.user.id, input.id))),

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
      await requireRoom(ctx.services.db, ctx.user.id, 'cats')
      const { session_id: sessionId, photo, ...fields } = input
      const created = await createCat({ ...ctx.services, log: ctx.log }, ctx.user.id, {
        fields,
        photo,
        sessionId,
      })
      // The care loop starts with the cat: its plan (from the quiz's rhythm and days) and first reminder.
      await ensureCarePlan(ctx.services.db, ctx.user.id, created.id)
      return created
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
    .mutation(async ({ ctx, input }) => {
      const { id, photo, ...fields } = input
      const cat = await updateCat({ ...ctx.services, log: ctx.log }, ctx.user.id, id, { fields, photo })
      // The quiz's rhythm or days sent again (the wizard's update): the care plan follows them.
      if (fields.check_in_period !== undefined || fields.training_days !== undefined) {
        await replanFromQuiz(ctx.services.db, ctx.user.id, id)
      }
      return cat
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
    .query(({ ctx, input }) => catPhoto(ctx.services.db, ctx.user.id, input.id)),

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
      await limit(ctx, 'recommendationsPerIp', ctx.ip)
      const { session_id: _sessionId, ...fields } = input
      return visitorRecommendations(ctx.services.assistant, ctx.log, fields)
    }),
})
