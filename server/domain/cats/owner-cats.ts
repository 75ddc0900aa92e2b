// An owner's cats (docs/product.md §3, §6): created by their owner, read and changed by their owner only
// (another owner's cat is a 404, the same as a missing one).

import type { FastifyBaseLogger } from 'fastify'
import type { RecommendationResult } from '../../../shared/rules/recommendations.ts'
import type { CatFields, PhotoInput } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import { appError, asOwner } from '../../errors.ts'
import type { Prisma } from '../../generated/prisma/client.ts'
import type { Assistant } from '../../services/assistant/types.ts'
import { actionsOf, type CareAction, reachableCat } from '../household/access.ts'
import type { Tx } from '../row-lock.ts'
import { photoRow, savePhoto } from './cat-photo.ts'
import { CAT_COLUMNS, type CatRow, toCat, toColumns } from './cat-record.ts'
import { checkCatWeights } from './cat-weights.ts'
import { catsOfUser } from './cats-of-owner.ts'
import { recommendationColumns, recommendationsFor } from './recommendations.ts'
import { suggestionAnswers, suggestionAnswersChanged } from './suggestion-answers.ts'

const notFound = () => appError('NOT_FOUND')

/**
 * The owner's cats, oldest first (the newest, the current cat, is last), then the cats shared with them,
 * each with its owner's e-mail and their role (docs/household.md). Each says what the user may do on it
 * (`may`, from the access policy), so the screens offer only those controls. Never the photo bytes.
 */
export async function listCats(db: Db, userId: number) {
  return (await catsOfUser(db, userId)).map(({ sharedBy, role, ...row }) =>
    sharedBy !== null && role !== null
      ? { ...toCat(row), shared_by: sharedBy, role, may: actionsOf(role) }
      : { ...toCat(row), may: actionsOf('owner') },
  )
}

/**
 * The cat if the user may do `action` on it (their own, or one shared with them: the household's policy,
 * server/domain/household/access.ts), else a 404: someone else's cat and a missing one answer the same.
 */
export async function ownedCat(db: Db, userId: number, id: number, action: CareAction): Promise<CatRow> {
  const access = await reachableCat(db, userId, id, action)
  const row = access && (await db.cat.findUnique({ where: { id: access.id }, select: CAT_COLUMNS }))
  if (!row) throw notFound()
  return row
}

/**
 * The owner's new cat, with the recommendations, which are stored on the cat too. `withCat` runs in the
 * same transaction as the insert (the cat's care plan): a failure there leaves no cat. The slow parts
 * (the photo, the model's recommendations) run before the transaction.
 */
export async function createCat(
  deps: { db: Db; assistant: Pick<Assistant, 'recommend'>; log: Pick<FastifyBaseLogger, 'warn'> },
  userId: number,
  cat: { fields: CatFields; photo: PhotoInput | undefined; sessionId: string | undefined },
  withCat: (tx: Tx, catId: number) => Promise<unknown> = async () => {},
): Promise<{ id: number; recommendations: RecommendationResult }> {
  checkCatWeights({
    weight: cat.fields.weight ?? null,
    target_weight: cat.fields.target_weight ?? null,
    unit: cat.fields.unit ?? 'Lbs',
  })
  const photo = await photoRow(cat.photo)
  const recommendations = await recommendationsFor(deps.assistant, deps.log, cat.fields)
  const created = await asOwner(() =>
    deps.db.$transaction(async (tx) => {
      const row = await tx.cat.create({
        data: {
          ...(toColumns(cat.fields) as Prisma.CatUncheckedCreateInput),
          userId,
          sessionId: cat.sessionId ?? null,
          ...recommendationColumns(recommendations),
          ...(photo ? { photo: { create: photo } } : {}),
        },
        select: { id: true },
      })
      await withCat(tx, row.id)
      return row
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
  const access = await reachableCat(db, userId, id, 'manage')
  if (!access) throw notFound()
  const before = await ownedCat(db, userId, id, 'manage')
  const columns = toColumns(change.fields)
  const after = toCat({ ...before, ...(columns as Partial<CatRow>) })
  // Only a change of the weights or the unit is held to the range: a name change to a cat stored with an
  // older, wider range still saves.
  if (['weight', 'target_weight', 'unit'].some((field) => field in change.fields)) checkCatWeights(after)
  const suggestions = suggestionAnswersChanged(toCat(before), after)
    ? recommendationColumns(await recommendationsFor(deps.assistant, deps.log, suggestionAnswers(after)))
    : {}
  const data: Prisma.CatUncheckedUpdateInput = {
    ...columns,
    ...suggestions,
  }
  const photo = await photoRow(change.photo)
  // Nothing to change (an empty body, or only unknown fields): the owner gets their cat as it is.
  if (Object.keys(data).length > 0) {
    // The owner check and the write in one statement, so a cat that changed hands meanwhile is not written.
    const { count } = await db.cat.updateMany({ where: { id, userId: access.ownerId }, data })
    if (count === 0) throw notFound()
  }
  if (photo) await savePhoto(db, id, photo)
  return toCat(await ownedCat(db, userId, id, 'manage'))
}
