// A cat's photo: checked and sniffed on the way in (server/services/photos.ts), stored on the cat's row,
// handed back to its owner only.
import type { CatPhoto, PhotoInput } from '../../../shared/schemas/cat.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { acceptPhoto, photoDataUrl } from '../../services/photos.ts'

/** The photo's columns for a create or an update; none when no photo was sent. */
export async function photoColumns(photo: PhotoInput | undefined) {
  const accepted = photo ? await acceptPhoto(photo) : null
  return accepted
    ? {
        photo: accepted.bytes,
        photoMimetype: accepted.mimetype,
        photoName: accepted.originalname,
        photoStripped: true,
      }
    : {}
}

/** The photo as a data URL (null when the cat has none); someone else's cat is a 404. */
export async function catPhoto(db: Db, userId: number, id: number): Promise<CatPhoto> {
  const row = await db.cat.findFirst({
    where: { id, userId },
    select: { photo: true, photoMimetype: true, photoName: true },
  })
  if (!row) throw appError('NOT_FOUND')
  return {
    data_url: row.photo && row.photoMimetype ? photoDataUrl(row.photo, row.photoMimetype) : null,
    mimetype: row.photoMimetype,
    originalname: row.photoName,
  }
}
