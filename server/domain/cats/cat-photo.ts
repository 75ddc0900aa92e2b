// A cat's profile photo (docs/api.md "Photos and documents"): checked and sniffed on the way in
// (server/services/photos.ts), stored in its own table (cat_photos, one per cat), handed to its owner
// and the household as a short-lived signed address, never as bytes inside JSON.
import type { CatPhoto, PhotoInput } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { acceptPhoto } from '../../services/photos.ts'
import type { FileUrlSigner } from '../../services/signed-urls.ts'
import { reachableCat } from '../household/access.ts'

/** The row cat_photos keeps for a photo that was sent, or null when none was. */
export async function photoRow(photo: PhotoInput | undefined) {
  if (!photo) return null
  const accepted = await acceptPhoto(photo)
  return {
    mimetype: accepted.mimetype,
    name: accepted.originalname,
    bytes: accepted.bytes.length,
    data: accepted.bytes,
    stripped: true,
  }
}

export type PhotoRow = NonNullable<Awaited<ReturnType<typeof photoRow>>>

/** Stores the cat's photo, replacing the one it had (the caller has checked the owner). */
export async function savePhoto(db: Db, catId: number, row: PhotoRow): Promise<void> {
  await db.catPhoto.upsert({
    where: { catId },
    create: { catId, ...row },
    update: { ...row, createdAt: new Date() },
  })
}

/** The photo's signed address (null when the cat has none); someone else's cat is a 404. */
export async function catPhoto(db: Db, urls: FileUrlSigner, userId: number, id: number): Promise<CatPhoto> {
  const access = await reachableCat(db, userId, id, 'read')
  if (!access) throw appError('NOT_FOUND')
  const row = await db.catPhoto.findUnique({
    where: { catId: access.id },
    select: { mimetype: true, name: true },
  })
  return {
    url: row ? urls.path('cat', access.id) : null,
    mimetype: row?.mimetype ?? null,
    originalname: row?.name ?? null,
  }
}
