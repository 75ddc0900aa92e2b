// The one-off data step: profile photos stored before the metadata strip still carry their
// EXIF (the GPS position of where the owner lives). Run at every start-up after the migrations (main.ts),
// it cleans the photos not yet marked `stripped`, one at a time, and does nothing once all are done;
// instances starting together may clean a photo twice, which changes nothing. A stored photo that
// cannot be read as an image (or is a decompression bomb) is dropped rather than kept with its metadata.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db.ts'
import { stripPhoto } from '../../services/photos.ts'

export async function cleanStoredPhotos(
  db: Db,
  log: FastifyBaseLogger,
): Promise<{ cleaned: number; dropped: number }> {
  let cleaned = 0
  let dropped = 0
  let after = 0
  for (;;) {
    const next = await db.catPhoto.findFirst({
      where: { catId: { gt: after }, stripped: false },
      orderBy: { catId: 'asc' },
      select: { catId: true, data: true, mimetype: true },
    })
    if (!next) break
    after = next.catId
    let photo: Uint8Array<ArrayBuffer> | null = null
    try {
      photo = await stripPhoto(next.data, next.mimetype)
    } catch {
      photo = null
    }
    if (photo) {
      await db.catPhoto.updateMany({
        where: { catId: next.catId, stripped: false },
        data: { data: photo, bytes: photo.length, stripped: true },
      })
      cleaned++
    } else {
      await db.catPhoto.deleteMany({ where: { catId: next.catId, stripped: false } })
      dropped++
      log.warn({ catId: next.catId }, 'a stored profile photo could not be read as an image and was dropped')
    }
  }
  if (cleaned + dropped > 0)
    log.info({ cleaned, dropped }, 'stored profile photos stripped of their metadata')
  return { cleaned, dropped }
}
