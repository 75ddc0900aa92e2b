// An owner's cats (SPEC §3, §6): created by their owner, read and changed by their owner only (another
// owner's cat is a 404, the same as a missing one).

import type { FastifyBaseLogger } from 'fastify'
import type { RecommendationResult } from '../../../shared/rules/recommendations.ts'
import type { CatFields, PhotoInput } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import { appError, asOwner } from '../../errors.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import type { Assistant } from '../../services/assistant/types.ts'
import { photoColumns } from './cat-photo.ts'
import { CAT_COLUMNS, type CatRow, toCat, toColumns } from './cat-record.ts'
import { catsOfOwner } from './cats-of-owner.ts'
import { recommendationColumns, recommendationsFor } from './recommendations.ts'
import { suggestionAnswers, suggestionAnswersChanged } from './suggestion-answers.ts'

const notFound = () => appError('NOT_FOUND')

/** The owner's cats, oldest first (the newest, the current cat, is last). Never the photo bytes. */
export async function listCats(db: Db, userId: number) {
  return (await catsOfOwner<CatRow>(db, userId)).map(toCat)
}

/** The owner's cat or a 404: someone else's cat and a missing one answer the same. */
export async function ownedCat(db: Db, userId: number, id: number): Promise<CatRow> {
  const row = await db.cat.findFirst({ where: { id, userId }, select: CAT_COLUMNS })
  if (!row) throw notFound()
  return row
}

/** The owner's new cat, with the recommendations, which are stored on the cat too. */
export async function createCat(
  deps: { db: Db; assistant: Pick<Assistant, 'recommend'>; log: Pick<FastifyBaseLogger, 'warn'> },
  userId: number,
  cat: { fields: CatFields; photo: PhotoInput | undefined; sessionId: string | undefined },
): Promise<{ id: number; recommendations: RecommendationResult }> {
  const photo = await photoColumns(cat.photo)
  const recommendations = await recommendationsFor(deps.assistant, deps.log, cat.fields)
  const created = await asOwner(() =>
    deps.db.cat.create({
      data: {
        ...(toColumns(cat.fields) as Prisma.CatUncheckedCreateInput),
        userId,
        sessionId: cat.sessionId ?? null,
        ...recommendationColumns(recommendations),
        ...photo,
      },
      select: { id: true },
    }),
  )
  return { id: created.id, recommendations }
}

/**
 * Changes the fields sent (and the photo, when one is sent); answers the cat as it now is. When the
 * change touches what the daily suggestions are made from (a second run of the wizard), they
 * are made again from the cat as it will be, the same way as at creation.
 */
export async function updateCat(
  deps: { db: Db; assistant: Pick<Assistant, 'recommend'>; log: Pick<FastifyBaseLogger, 'warn'> },
  userId: number,
  id: number,
  change: { fields: CatFields; photo: PhotoInput | undefined },
) {
  const { db } = deps
  const before = await ownedCat(db, userId, id)
  const columns = toColumns(change.fields)
  const after = toCat({ ...before, ...(columns as Partial<CatRow>) })
  const suggestions = suggestionAnswersChanged(toCat(before), after)
    ? recommendationColumns(await recommendationsFor(deps.assistant, deps.log, suggestionAnswers(after)))
    : {}
  const data: Prisma.CatUncheckedUpdateInput = {
    ...columns,
    ...suggestions,
    ...(await photoColumns(change.photo)),
  }
  // Nothing to change (an empty body, or only unknown fields): the owner gets their cat as it is.
  if (Object.keys(data).length > 0) {
    // The owner check and the write in one statement, so a cat that changed hands meanwhile is not written.
    const { count } = await db.cat.updateMany({ where: { id, userId }, data })
    if (count === 0) throw notFound()
  }
  return toCat(await ownedCat(db, userId, id))
}
