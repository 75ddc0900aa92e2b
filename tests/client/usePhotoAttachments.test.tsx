// @vitest-environment jsdom
// The chat's photo tray (client/src/features/chat/attachments/usePhotoAttachments.ts) below the browser:
// the hook in jsdom with the app's own React Query + tRPC provider, its uploads answered by the real
// router (createCaller) on a real database with the real image work. A link in front holds the uploads,
// so a test decides when each answer arrives relative to what the owner does.
// Changes that reach the tray before React renders must each build on the one before: a CI run lost a
// finished upload's 'ready' when a drop came in before the screen had shown it (the drop wrote back the
// list as last rendered), and Send stayed disabled. Removal then addition shows the same loss at will.
import '../helpers/jsdom-node-bytes.ts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { TRPCLink } from '@trpc/client'
import { observable } from '@trpc/server/observable'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usePhotoAttachments } from '../../client/src/features/chat/attachments/usePhotoAttachments.ts'
import { trpc } from '../../client/src/trpc.ts'
import type { AppRouter } from '../../server/routers/index.ts'
import { ERRORS } from '../../shared/errors.ts'
import { callerLink, clientTestApp } from '../helpers/caller-link.ts'
import { cameraJpeg } from '../helpers/images.ts'
import { subscriberWithCat } from '../helpers/subscribers.ts'

const t = clientTestApp()

// jsdom has no object URLs; the tray only hands them to <img> for the thumbnails.
const { createObjectURL, revokeObjectURL } = URL
beforeAll(() => {
  URL.createObjectURL = () => 'blob:thumbnail'
  URL.revokeObjectURL = () => {}
})
afterAll(() => {
  URL.createObjectURL = createObjectURL
  URL.revokeObjectURL = revokeObjectURL
})

/** Uploads wait here until the test lets the next one through to the router. */
const heldUploads: Array<() => void> = []
const holdUploads: TRPCLink<AppRouter> =
  () =>
  ({ op, next }) =>
    op.path === 'attachment.uploadForm'
      ? observable((observer) => {
          let subscription: { unsubscribe(): void } | undefined
          heldUploads.push(() => {
            subscription = next(op).subscribe(observer)
          })
          return () => subscription?.unsubscribe()
        })
      : next(op)

function wrapper({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient()
  const client = trpc.createClient({ links: [holdUploads, callerLink(t)] })
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  )
}

/** Uploads are real image work on a real database: under a full test run they take seconds, not ms. */
const UPLOADED = { timeout: 15_000 }

async function photo(name: string): Promise<File> {
  return new File([new Uint8Array(await cameraJpeg(120, 80))], name, { type: 'image/jpeg' })
}

describe('usePhotoAttachments', () => {
  it('a photo removed and another added in one batch: the removed one stays gone', async () => {
    const { owner } = await subscriberWithCat(t)
    localStorage.setItem('token', owner.token)
    const [first, second] = [await photo('first.jpg'), await photo('second.jpg')]
    const tray = renderHook(() => usePhotoAttachments(), { wrapper })
    act(() => tray.result.current.add([first]))
    const firstKey = tray.result.current.photos[0]!.key

    // Both before React renders (one event's worth of updates, as a busy phone may deliver them).
    act(() => {
      tray.result.current.remove(firstKey)
      tray.result.current.add([second])
    })
    expect(tray.result.current.photos.map((p) => p.name)).toEqual(['second.jpg'])

    // The first photo was removed before its turn to upload came: only the second reaches the server.
    await waitFor(() => {
      for (const release of heldUploads.splice(0)) release()
      expect(tray.result.current.photos.map((p) => p.status)).toEqual(['ready'])
    }, UPLOADED)
    const stored = await t.db.chatAttachment.findMany({ where: { userId: owner.id }, orderBy: { id: 'asc' } })
    expect(stored).toHaveLength(1)
    expect(tray.result.current.readyIds).toEqual([stored[0]!.id])
    expect(tray.result.current.busy).toBe(false)
    tray.unmount()
  })

  it('a retry and a new photo in one batch: the retried photo is uploading again, not still failed', async () => {
    const { owner } = await subscriberWithCat(t)
    localStorage.setItem('token', owner.token)
    // Named and typed as a JPEG, but its bytes are no image: the server refuses it (the client cannot tell).
    const broken = new File([new TextEncoder().encode('not a picture')], 'broken.jpg', { type: 'image/jpeg' })
    const second = await photo('second.jpg')
    const tray = renderHook(() => usePhotoAttachments(), { wrapper })
    const statuses = () => tray.result.current.photos.map((p) => p.status)
    act(() => tray.result.current.add([broken]))
    // The server's refusal (ATTACHMENT_TYPE) is final: no second try, the photo says why at once.
    await waitFor(() => {
      for (const release of heldUploads.splice(0)) release()
      expect(statuses()).toEqual(['failed'])
    }, UPLOADED)
    expect(tray.result.current.photos[0]!.error).toBe(ERRORS.attachmentType)

    act(() => {
      tray.result.current.retry(tray.result.current.photos[0]!.key)
      tray.result.current.add([second])
    })
    expect(statuses()).toEqual(['uploading', 'uploading'])
    expect(tray.result.current.busy).toBe(true)
    await waitFor(() => {
      for (const release of heldUploads.splice(0)) release()
      expect(statuses()).toEqual(['failed', 'ready'])
    }, UPLOADED)
    tray.unmount()
  })
})
