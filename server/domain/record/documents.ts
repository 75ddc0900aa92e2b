// The cat's documents (CONTRACT "the health record"): a PDF, JPEG, PNG or WebP by its bytes (415
// otherwise), at most 10 MB received (413); images are cleaned as chat photos are (upright, no
// metadata, at most ATTACHMENT_MAX_SIDE px on the long side), a PDF is kept as received. Reads and
// deletes are by id AND the cat's owner together: another owner's document is a 404 like a missing one.

import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_SIDE } from '../../../shared/constants.ts'
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  type DocumentUploadInput,
} from '../../../shared/schemas/documents.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'
import { cleanImage, type ImageFormat, ImageRefusedError } from '../../services/images.ts'
import { photoDataUrl, receivedBytes, sniffImage } from '../../services/photos.ts'
import { careCat } from '../care/care-cat.ts'
import { requireRoom } from '../quotas.ts'

const KEPT_TYPES: ReadonlySet<string> = new Set(DOCUMENT_TYPES)
const unsupported = () =>
  appError('ATTACHMENT_TYPE', { message: 'A document must be a PDF, JPEG, PNG or WebP file' })
const LIMITS = {
  maxBytes: ATTACHMENT_MAX_BYTES,
  tooLarge: () => appError('ATTACHMENT_TOO_LARGE', { message: 'The document is larger than 10 MB' }),
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
  const cat = await careCat(db, userId, input.cat_id)
  await requireRoom(db, userId, 'documents')
  const received = receivedBytes(input.data, LIMITS)
  const type = await sniffImage(received)
  if (!type || !KEPT_TYPES.has(type.mime)) throw unsupported()
  const data = await keptBytes(received, type.mime)
  const row = await db.catDocument.create({
    data: {
      catId: cat.id,
      title: input.title,
      kind: input.kind ?? 'other',
      mimetype: type.mime,
      bytes: data.length,
      data: new Uint8Array(data),
    },
    select: columns,
  })
  return toDocument(row)
}

/** Newest first. */
export async function listDocuments(db: Db, userId: number, catId?: number) {
  const cat = await careCat(db, userId, catId)
  const rows = await db.catDocument.findMany({
    where: { catId: cat.id },
    orderBy: { id: 'desc' },
    select: columns,
  })
  return rows.map(toDocument)
}

export async function documentFile(db: Db, userId: number, id: number) {
  const row = await db.catDocument.findFirst({ where: { id, cat: { userId } } })
  if (!row) throw appError('NOT_FOUND')
  return { ...toDocument(row), data_url: photoDataUrl(row.data, row.mimetype) }
}

export async function deleteDocument(db: Db, userId: number, id: number) {
  const { count } = await db.catDocument.deleteMany({ where: { id, cat: { userId } } })
  if (count === 0) throw appError('NOT_FOUND')
  return { success: true as const }
}
