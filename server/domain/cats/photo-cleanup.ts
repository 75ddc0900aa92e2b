// The one-off data step: profile photos stored before the metadata strip still carry their
// EXIF (the GPS position of where the owner lives). Run at every start-up after the migrations (main.ts),
// it cleans the rows not yet marked `photo_stripped`, one photo at a time, and does nothing once all are
// done; instances starting together may clean a photo twice, which changes nothing. A stored photo that
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
    const next = await db.cat.findFirst({
      where: { id: { gt: after }, photoStripped: false, photo: { not: null } },
      orderBy: { id: 'asc' },
      select: { id: true, photo: true, photoMimetype: true },
    })
    if (!next) break
    after = next.id
    let photo: Uint8Array<ArrayBuffer> | null = null
    try {
      photo = next.photo && next.photoMimetype ? await stripPhoto(next.photo, next.photoMimetype) : null
    } catch {
      photo = null
    }
    if (photo) {
      await db.cat.updateMany({
        where: { id: next.id, photoStripped: false },
        data: { photo, photoStripped: true },
      })
      cleaned++
    } else {
      await db.cat.updateMany({
        where: { id: next.id, photoStripped: false },
        data: { photo: null, photoMimetype: null, photoName: null, photoStripped: true },
      })
      dropped++
      log.warn({ catId: next.id }, 'a stored profile photo could not be read as an image and was dropped')
    }
  }
  if (cleaned + dropped > 0)
    log.info({ cleaned, dropped }, 'stored profile photos stripped of their metadata')
  return { cleaned, dropped }
}
