// Cats (SPEC §3, §6, §7): an owner's cats, created by visitors and owners, read and changed by their owner
// only (another owner's cat is a 404), with a sniffed photo and the recommendations of shared/rules.
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
import type { Context } from '../context.ts'
import { CAT_COLUMNS, type CatRow, toCat, toColumns } from '../domain/cats/cat-record.ts'
import { recommendationColumns, recommendationsFor } from '../domain/cats/recommendations.ts'
import { appError, asOwner } from '../errors.ts'
import type { Prisma } from '../generated/prisma/client.ts'
import { rest } from '../rest/meta.ts'
import { acceptPhoto, photoDataUrl } from '../services/photos.ts'
import { authedProcedure, publicProcedure, router } from '../trpc.ts'
import { catsOfOwner } from './cats-of-owner.ts'

const notFound = () => appError('NOT_FOUND')

/** The owner's cat or a 404: someone else's cat and a missing one answer the same. */
async function ownedCat(ctx: Context & { user: { id: number } }, id: number): Promise<CatRow> {
  const row = await ctx.services.db.cat.findFirst({ where: { id, userId: ctx.user.id }, select: CAT_COLUMNS })
  if (!row) throw notFound()
  return row
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
      const recommendations = await recommendationsFor(ctx.services.assistant, ctx.log, fields)
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
      return recommendationsFor(ctx.services.assistant, ctx.log, {
        ...fields,
        age: fields.age ?? 0,
        weight: fields.weight ?? 0,
        target_weight: fields.target_weight ?? 0,
      })
    }),
})
