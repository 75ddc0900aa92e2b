// Photos in the chat: the rules. A photo is JPEG, PNG or WebP by its bytes (415 otherwise), at
// most 10 MB received (413), not a decompression bomb (413 from its header, never decoded); it is stored
// upright, without metadata, at most ATTACHMENT_MAX_SIDE px on its long side. Every read is by id AND
// owner together: another owner's photo is a 404 like a missing one (open-webui's CVE-2026-54009 was an
// attachment read without the owner check).
import {
  ATTACHMENT_MAX_SIDE,
  ATTACHMENT_UNSENT_KEEP_MS,
  ATTACHMENTS_PER_MESSAGE,
} from '../../../shared/constants.ts'
import {
  type Attachment,
  type AttachmentImage,
  type AttachmentUploadInput,
  CHAT_PHOTO_FILE,
} from '../../../shared/schemas/attachment.ts'
import type { Db } from '../../db.ts'
import { appError, refusalError } from '../../errors.ts'
import type { ChatAttachment } from '../../generated/prisma/client.ts'
import { cleanImage, type ImageFormat, ImageRefusedError } from '../../services/images.ts'
import { photoDataUrl, receivedBytes, sniffImage } from '../../services/photos.ts'
import type { FileUrlSigner } from '../../services/signed-urls.ts'
import { requireRoom, tierOf } from '../quotas.ts'
import { requireSubscription } from './admission.ts'

const KEPT_TYPES: ReadonlySet<string> = new Set(CHAT_PHOTO_FILE.types)
const LIMITS = {
  maxBytes: CHAT_PHOTO_FILE.maxBytes,
  tooLarge: () => refusalError(CHAT_PHOTO_FILE.tooLarge),
  unsupported: () => refusalError(CHAT_PHOTO_FILE.wrongType),
  readOnly: true,
}

const toAttachment = (
  row: Pick<ChatAttachment, 'id' | 'mimetype' | 'width' | 'height' | 'bytes'>,
): Attachment => ({
  id: row.id,
  mimetype: row.mimetype,
  width: row.width,
  height: row.height,
  bytes: row.bytes,
})

/** Checks, cleans and stores a subscriber's photo for the specialist; answers what was stored. */
export async function uploadAttachment(
  db: Db,
  userId: number,
  input: AttachmentUploadInput,
): Promise<Attachment> {
  // Photos are for the specialist, a subscriber's: refused before anything is counted or decoded.
  await requireSubscription(db, userId)
  // Counted before the image is decoded: a full account spends no CPU on a photo it cannot keep.
  const tier = await tierOf(db, userId)
  await requireRoom(db, userId, 'unsentChatPhotos', { tier })
  await requireRoom(db, userId, 'chatPhotos', { tier })
  const received = receivedBytes(input.data, LIMITS)
  const type = await sniffImage(received)
  if (!type || !KEPT_TYPES.has(type.mime)) throw LIMITS.unsupported()
  let clean: Awaited<ReturnType<typeof cleanImage>>
  try {
    clean = await cleanImage(received, {
      format: type.mime.slice('image/'.length) as ImageFormat,
      maxSide: ATTACHMENT_MAX_SIDE,
    })
  } catch (error) {
    if (error instanceof ImageRefusedError && error.reason === 'too-many-pixels') {
      throw appError('IMAGE_TOO_MANY_PIXELS')
    }
    throw LIMITS.unsupported()
  }
  const row = await db.chatAttachment.create({
    data: {
      userId,
      mimetype: type.mime,
      width: clean.width,
      height: clean.height,
      bytes: clean.data.length,
      data: new Uint8Array(clean.data),
    },
    select: { id: true, mimetype: true, width: true, height: true, bytes: true },
  })
  return toAttachment(row)
}

/** The owner's photo with its bytes; another owner's or a missing one is a 404. */
export async function ownedAttachment(db: Db, userId: number, id: number): Promise<ChatAttachment> {
  const row = await db.chatAttachment.findFirst({ where: { id, userId } })
  if (!row) throw appError('ATTACHMENT_NOT_FOUND')
  return row
}

/** The owner's photo: its details and signed address; another owner's or a missing one is a 404. */
export async function attachmentImage(
  db: Db,
  urls: FileUrlSigner,
  userId: number,
  id: number,
): Promise<AttachmentImage> {
  const row = await db.chatAttachment.findFirst({
    where: { id, userId },
    select: { id: true, mimetype: true, width: true, height: true, bytes: true },
  })
  if (!row) throw appError('ATTACHMENT_NOT_FOUND')
  return { ...toAttachment(row), url: urls.path('chat', row.id) }
}

/**
 * The ids a message carries, each the owner's own (else 404, before anything is stored); the first
 * message that carries a photo gives it its conversation.
 */
export async function claimAttachments(
  db: Db,
  userId: number,
  conversationId: number,
  ids: readonly number[] | undefined,
): Promise<number[]> {
  const unique = [...new Set(ids ?? [])]
  if (unique.length === 0) return []
  // Claimed first, counted after: a photo the clean-up of unsent ones deletes meanwhile is either
  // claimed before (and then kept) or missing from the count (a 404), never stored on a message gone.
  await db.chatAttachment.updateMany({
    where: { userId, id: { in: unique }, conversationId: null },
    data: { conversationId },
  })
  const owned = await db.chatAttachment.count({ where: { userId, id: { in: unique } } })
  if (owned !== unique.length) throw appError('ATTACHMENT_NOT_FOUND')
  return unique
}

/** The photos of every message of a list (PUT, the REST chat), checked as claimAttachments does. */
export function claimListAttachments(
  db: Db,
  userId: number,
  conversationId: number,
  list: readonly { attachment_ids?: readonly number[] | undefined }[],
): Promise<number[]> {
  return claimAttachments(
    db,
    userId,
    conversationId,
    list.flatMap((m) => m.attachment_ids ?? []),
  )
}

/**
 * The photos the specialist sees with a conversation's recent messages, as data URLs per message (same
 * order): the newest ATTACHMENTS_PER_MESSAGE photos of the owner's messages, so a follow-up about a
 * photo still has it while each request stays bounded. Read by id and the conversation's owner.
 */
export async function photosOfHistory(
  db: Db,
  conversationId: number,
  history: readonly { role: string; attachmentIds: readonly number[] }[],
): Promise<(string[] | undefined)[]> {
  const wanted: number[] = []
  for (let i = history.length - 1; i >= 0 && wanted.length < ATTACHMENTS_PER_MESSAGE; i--) {
    const message = history[i]!
    if (message.role !== 'user') continue
    for (const id of message.attachmentIds) if (wanted.length < ATTACHMENTS_PER_MESSAGE) wanted.push(id)
  }
  if (wanted.length === 0) return history.map(() => undefined)
  const conversation = await db.conversation.findUnique({
    where: { id: conversationId },
    select: { userId: true },
  })
  const rows = conversation
    ? await db.chatAttachment.findMany({
        where: { userId: conversation.userId, id: { in: wanted } },
        select: { id: true, mimetype: true, data: true },
      })
    : []
  const urls = new Map(rows.map((row) => [row.id, photoDataUrl(row.data, row.mimetype)]))
  return history.map((message) => {
    if (message.role !== 'user') return undefined
    const mine = message.attachmentIds.flatMap((id) =>
      wanted.includes(id) && urls.has(id) ? [urls.get(id)!] : [],
    )
    return mine.length > 0 ? mine : undefined
  })
}

/**
 * Deletes the photos no message has carried, uploaded more than ATTACHMENT_UNSENT_KEEP_MS before `now`
 * (removed from the composer, or the page left): answers how many. Run by the job worker.
 */
export async function deleteUnsentAttachments(db: Db, now: Date = new Date()): Promise<number> {
  const { count } = await db.chatAttachment.deleteMany({
    where: { conversationId: null, createdAt: { lt: new Date(now.getTime() - ATTACHMENT_UNSENT_KEEP_MS) } },
  })
  return count
}
