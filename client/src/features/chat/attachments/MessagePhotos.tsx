import { useState } from 'react'
import { SIGNED_URL_FRESH_MS } from '../../../../../shared/constants.ts'
import { trpc } from '../../../trpc.ts'
import './attachments.css'
import { PhotoViewer } from './PhotoViewer.tsx'

/** The photos a message carried, as thumbnails in the thread; a click (or Enter) shows one at full size. */
export function MessagePhotos({ ids }: { ids: readonly number[] }) {
  if (ids.length === 0) return null
  return (
    <ul className="message-photos" aria-label={ids.length === 1 ? 'Photo sent' : `${ids.length} photos sent`}>
      {ids.map((id, index) => (
        <li key={id}>
          <MessagePhoto id={id} label={`Photo ${index + 1} of ${ids.length}`} />
        </li>
      ))}
    </ul>
  )
}

function MessagePhoto({ id, label }: { id: number; label: string }) {
  const [open, setOpen] = useState(false)
  // A signed address the <img> loads (docs/api.md "Photos and documents"), asked afresh before it
  // expires; the cache holds the address, never the photo's bytes.
  const photo = trpc.attachment.get.useQuery(
    { id },
    { staleTime: SIGNED_URL_FRESH_MS, retry: 4, retryDelay: (attempt) => 1000 * 2 ** attempt },
  )
  if (photo.isError) return <span className="message-photos__missing">{label}: could not be loaded</span>
  if (!photo.data)
    return <span className="photo-thumb photo-thumb--loading" role="img" aria-label={`${label}, loading`} />
  return (
    <>
      <button
        type="button"
        className="message-photos__open"
        onClick={() => setOpen(true)}
        aria-label={`${label}: view full size`}
      >
        <img className="photo-thumb" src={photo.data.url} alt="" />
      </button>
      {open && <PhotoViewer src={photo.data.url} alt={label} onClose={() => setOpen(false)} />}
    </>
  )
}
