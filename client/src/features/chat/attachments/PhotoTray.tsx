import { Icon } from '../../../components/Icon.tsx'
import './attachments.css'
import type { PhotoAttachments } from './usePhotoAttachments.ts'

/**
 * The photos waiting to go with the next message, above the message box: each with its state (uploading,
 * ready, or why it was refused, with Retry) and a Remove button. Nothing shows while there are none.
 */
export function PhotoTray({ attachments }: { attachments: PhotoAttachments }) {
  const { photos, notice } = attachments
  if (photos.length === 0 && !notice) return null
  const uploading = photos.filter((p) => p.status === 'uploading').length
  return (
    <div className="photo-tray">
      {photos.length > 0 && (
        <ul className="photo-tray__list" aria-label="Photos to send">
          {photos.map((photo, index) => (
            <li key={photo.key} className="photo-tray__item" data-status={photo.status}>
              <img
                className="photo-thumb"
                src={photo.preview}
                alt={`Attachment ${index + 1}: ${photo.name}`}
              />
              {photo.status === 'uploading' && (
                <progress className="photo-tray__progress" aria-label={`Uploading photo ${index + 1}`} />
              )}
              {photo.status === 'failed' && (
                <span className="photo-tray__error" role="alert">
                  {photo.error}
                </span>
              )}
              <div className="photo-tray__actions">
                {photo.status === 'failed' && (
                  <button
                    type="button"
                    className="btn btn--ghost photo-tray__retry"
                    onClick={() => attachments.retry(photo.key)}
                  >
                    Retry
                  </button>
                )}
                <button
                  type="button"
                  className="photo-tray__remove"
                  onClick={() => attachments.remove(photo.key)}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  <Icon name="close" size={16} />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="photo-tray__status" role="status">
        {notice ??
          (uploading > 0
            ? `Uploading ${uploading === 1 ? 'photo' : `${uploading} photos`}…`
            : photos.some((p) => p.status === 'failed')
              ? 'Remove or retry the photo that could not be added before sending.'
              : `${photos.length === 1 ? 'Photo' : `${photos.length} photos`} ready: add a few words about what worries you and send.`)}
      </p>
    </div>
  )
}
