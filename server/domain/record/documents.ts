// The cat's documents (docs/product.md §11): a PDF, JPEG, PNG or WebP by its bytes (415
// otherwise), at most 10 MB received (413); images are cleaned as chat photos are (upright, no
// metadata, at most ATTACHMENT_MAX_SIDE px on the long side), a PDF is kept as received. Reads and
// deletes are by id AND the cat's owner together: another owner's document is a 404 like a missing one.

import { ATTACHMENT_MAX_SIDE } from '../../../shared/constants.ts'
import {
  DOCUMENT_FILE,
  DOCUMENT_KINDS,
  type DocumentUpdateInput,
  type DocumentUploadInput,
} from '../../../shared/schemas/documents.ts'
import type { Db } from '../../db.ts'
import { appError, refusalError } from '../../errors.ts'
import { cleanImage, type ImageFormat, ImageRefusedError } from '../../services/images.ts'
import { receivedBytes, sniffImage } from '../../services/photos.ts'
import type { FileUrlSigner } from '../../services/signed-urls.ts'
import { careCat } from '../care/care-cat.ts'
import { rowCat } from '../household/access.ts'
import { logActivity } from '../household/activity.ts'
import { requireRoom, withRoom } from '../quotas.ts'

const KEPT_TYPES: ReadonlySet<string> = new Set(DOCUMENT_FILE.types)
const unsupported = () => refusalError(DOCUMENT_FILE.wrongType)
const LIMITS = {
  maxBytes: DOCUMENT_FILE.maxBytes,
  tooLarge: () => refusalError(DOCUMENT_FILE.tooLarge),
  unsupported,
  readOnly: true,
}

type Kind = (typeof DOCUMENT_KINDS)[number]
const kindOf = (kind: string): Kind =>
  (DOCUMENT_KINDS as readonly string[]).includes(kind) ? (kind as Kind) : 'other'

const columns = {
  id: true,
  catId: true,
  title: true,
  kind: true,
  mimetype: true,
  bytes: true,
  createdAt: true,
}

function toDocument(row: {
  id: number
  catId: number
  title: string
  kind: string
  mimetype: string
  bytes: number
  createdAt: Date
}) {
  return {
    id: row.id,
    cat_id: row.catId,
    title: row.title,
    kind: kindOf(row.kind),
    mimetype: row.mimetype,
    bytes: row.bytes,
    created_at: row.createdAt.toISOString(),
  }
}

/** The bytes as they are kept: a PDF as received, an image re-encoded clean. */
async function keptBytes(received: Uint8Array, mime: string): Promise<Uint8Array> {
  if (mime === 'application/pdf') return received
  try {
    const clean = await cleanImage(received, {
      format: mime.slice('image/'.length) as ImageFormat,
      maxSide: ATTACHMENT_MAX_SIDE,
    })
    return clean.data
  } catch (error) {
    if (error instanceof ImageRefusedError && error.reason === 'too-many-pixels') {
      throw appError('IMAGE_TOO_MANY_PIXELS')
    }
    throw unsupported()
  }
}

export async function uploadDocument(db: Db, userId: number, input: DocumentUploadInput) {
  const cat = await careCat(db, userId, input.cat_id, 'manage')
  // Refused early (no bytes read for an account at its figure), and counted again under the lock.
  await requireRoom(db, cat.ownerId, 'documents')
  const received = receivedBytes(input.data, LIMITS)
  const type = await sniffImage(received)
  if (!type || !KEPT_TYPES.has(type.mime)) throw unsupported()
  const data = await keptBytes(received, type.mime)
  const row = await withRoom(db, cat.ownerId, 'documents', {}, (tx) =>
    tx.catDocument.create({
      data: {
        catId: cat.id,
        title: input.title,
        kind: input.kind ?? 'other',
        mimetype: type.mime,
        bytes: data.length,
        data: new Uint8Array(data),
      },
      select: columns,
    }),
  )
  await logActivity(db, {
    catId: cat.id,
    authorId: userId,
    kind: 'record_changed',
    summary: `Added ${input.title}`,
  })
  return toDocument(row)
}

/** Newest first. */
export async function listDocuments(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId, 'read')
  const rows = await db.catDocument.findMany({
    where: { catId: cat.id },
    orderBy: { id: 'desc' },
    select: columns,
  })
  return rows.map(toDocument)
}

/** The document's details and signed address; a document of a cat the user may not read is a 404. */
export async function documentAddress(db: Db, urls: FileUrlSigner, userId: number, id: number) {
  const row = await db.catDocument.findUnique({ where: { id }, select: columns })
  await rowCat(db, userId, row?.catId, 'read', () => appError('NOT_FOUND'))
  if (!row) throw appError('NOT_FOUND')
  return { ...toDocument(row), url: urls.path('doc', row.id) }
}

/** The document's bytes and type, for the REST row with the token. */
export async function documentFile(db: Db, userId: number, id: number) {
  const row = await db.catDocument.findUnique({
    where: { id },
    select: { catId: true, mimetype: true, data: true },
  })
  await rowCat(db, userId, row?.catId, 'read', () => appError('NOT_FOUND'))
  if (!row) throw appError('NOT_FOUND')
  return { mimetype: row.mimetype, data: row.data }
}

/** A new title or kind (the file stays as stored); anyone else's or a missing document is a 404. */
export async function updateDocument(db: Db, userId: number, input: DocumentUpdateInput) {
  const row = await db.catDocument.findUnique({ where: { id: input.id }, select: { catId: true } })
  await rowCat(db, userId, row?.catId, 'manage', () => appError('NOT_FOUND'))
  const { count } = await db.catDocument.updateMany({
    where: { id: input.id },
    data: {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
    },
  })
  const updated =
    count === 1 ? await db.catDocument.findUnique({ where: { id: input.id }, select: columns }) : null
  if (!updated) throw appError('NOT_FOUND')
  await logActivity(db, {
    catId: updated.catId,
    authorId: userId,
    kind: 'record_changed',
    summary: `Changed ${updated.title}`,
    subject: `document:${updated.id}`,
  })
  return toDocument(updated)
}

export async function deleteDocument(db: Db, userId: number, id: number) {
  const row = await db.catDocument.findUnique({ where: { id }, select: { catId: true, title: true } })
  await rowCat(db, userId, row?.catId, 'manage', () => appError('NOT_FOUND'))
  const { count } = await db.catDocument.deleteMany({ where: { id } })
  if (count === 0 || !row) throw appError('NOT_FOUND')
  await logActivity(db, {
    catId: row.catId,
    authorId: userId,
    kind: 'record_changed',
    summary: `Removed ${row.title}`,
  })
  return { success: true as const }
}
