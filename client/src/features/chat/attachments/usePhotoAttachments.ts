// The photos waiting in the composer: added by the button, a drop or a paste; each uploaded at
// once, one after another (uploads are heavy on the server, which takes a few at a time), so the message
// is sent with their ids. Each goes as multipart/form-data, the file as bytes (attachment.uploadForm).
// A busy server is retried; a refused photo says why and can be removed.
import { type ClipboardEvent, type DragEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { ATTACHMENTS_PER_MESSAGE } from '../../../../../shared/constants.ts'
import { errorCode, errorMessage, trpc } from '../../../trpc.ts'
import { imageFiles, photoFileProblem, TOO_MANY_PHOTOS } from './photo-rules.ts'

export interface PendingPhoto {
  key: string
  name: string
  /** A local object URL for the thumbnail. */
  preview: string
  status: 'uploading' | 'ready' | 'failed'
  id?: number
  error?: string
  file: File
}

const UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.'
/** Tries for one photo while the server answers busy or the network fails. */
const ATTEMPTS = 3
const RETRY_DELAY_MS = 2000

/** A refusal that a retry would not change (wrong type, too large, too many pixels, no subscription). */
function definitive(error: unknown): boolean {
  const code = errorCode(error)
  return code !== null && code !== 'SERVICE_UNAVAILABLE' && code !== 'UNEXPECTED'
}

export function usePhotoAttachments() {
  const upload = trpc.attachment.uploadForm.useMutation()
  const { mutateAsync } = upload
  const [photos, setPhotos] = useState<PendingPhoto[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const queue = useRef<Promise<unknown>>(Promise.resolve())
  // The latest list, which every change reads and replaces; the state shows it. Changes made before
  // React renders (an upload's answer, then a drop) each build on the one before, none on a stale list.
  const live = useRef<PendingPhoto[]>([])
  const change = useCallback((next: (list: PendingPhoto[]) => PendingPhoto[]) => {
    live.current = next(live.current)
    setPhotos(live.current)
  }, [])

  const patch = useCallback(
    (key: string, fields: Partial<PendingPhoto>) =>
      change((list) => list.map((p) => (p.key === key ? { ...p, ...fields } : p))),
    [change],
  )

  const send = useCallback(
    (photo: PendingPhoto) => {
      queue.current = queue.current.then(async () => {
        if (!live.current.some((p) => p.key === photo.key)) return // removed while waiting
        for (let attempt = 1; ; attempt++) {
          try {
            const form = new FormData()
            form.append('photo', photo.file, photo.name)
            const stored = await mutateAsync(form)
            patch(photo.key, { status: 'ready', id: stored.id, error: undefined })
            return
          } catch (error) {
            if (definitive(error) || attempt >= ATTEMPTS) {
              patch(photo.key, { status: 'failed', error: errorMessage(error, UPLOAD_FAILED) })
              return
            }
            await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS))
          }
        }
      })
    },
    [mutateAsync, patch],
  )

  const add = useCallback(
    (files: readonly File[]) => {
      const room = ATTACHMENTS_PER_MESSAGE - live.current.length
      setNotice(files.length > room ? TOO_MANY_PHOTOS : null)
      const added = files.slice(0, Math.max(0, room)).map((file): PendingPhoto => {
        const problem = photoFileProblem(file)
        return {
          key: crypto.randomUUID(),
          name: file.name || 'photo',
          preview: URL.createObjectURL(file),
          status: problem ? 'failed' : 'uploading',
          ...(problem ? { error: problem } : {}),
          file,
        }
      })
      if (added.length === 0) return
      change((list) => [...list, ...added])
      for (const photo of added) if (photo.status === 'uploading') send(photo)
    },
    [change, send],
  )

  const remove = useCallback(
    (key: string) => {
      setNotice(null)
      change((list) => {
        const gone = list.find((p) => p.key === key)
        if (gone) URL.revokeObjectURL(gone.preview)
        return list.filter((p) => p.key !== key)
      })
    },
    [change],
  )

  const retry = useCallback(
    (key: string) => {
      const photo = live.current.find((p) => p.key === key)
      if (!photo || photoFileProblem(photo.file)) return
      patch(key, { status: 'uploading', error: undefined })
      send(photo)
    },
    [patch, send],
  )

  /** After the message is sent: the tray empties (the thread shows the photos from now on). */
  const clear = useCallback(() => {
    setNotice(null)
    change((list) => {
      for (const p of list) URL.revokeObjectURL(p.preview)
      return []
    })
  }, [change])

  useEffect(
    () => () => {
      for (const p of live.current) URL.revokeObjectURL(p.preview)
    },
    [],
  )

  /** Drop and paste anywhere in the chat; a paste without pictures stays a text paste. */
  const dropHandlers = useMemo(
    () => ({
      onDragOver: (event: DragEvent) => {
        if (Array.from(event.dataTransfer.types).includes('Files')) event.preventDefault()
      },
      onDrop: (event: DragEvent) => {
        const files = imageFiles(event.dataTransfer)
        if (Array.from(event.dataTransfer.types).includes('Files')) event.preventDefault()
        if (files.length > 0) add(files)
      },
      onPaste: (event: ClipboardEvent) => {
        const files = imageFiles(event.clipboardData)
        if (files.length === 0) return
        event.preventDefault()
        add(files)
      },
    }),
    [add],
  )

  const readyIds = photos.flatMap((p) => (p.status === 'ready' && p.id ? [p.id] : []))
  return {
    photos,
    notice,
    add,
    remove,
    retry,
    clear,
    readyIds,
    /** Still uploading: sending now would leave a photo behind. */
    busy: photos.some((p) => p.status === 'uploading'),
    /** A refused photo is still in the tray: the owner removes it (or retries) before sending. */
    blocked: photos.some((p) => p.status === 'failed'),
    full: photos.length >= ATTACHMENTS_PER_MESSAGE,
    dropHandlers,
  }
}

export type PhotoAttachments = ReturnType<typeof usePhotoAttachments>
