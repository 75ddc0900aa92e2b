import { useRef } from 'react'
import { Icon } from '../../../components/Icon.tsx'
import { PHOTO_ACCEPT } from './photo-rules.ts'

/** The composer's "Add photos" button: opens the file picker (the camera on a phone). */
export function AttachPhotoButton(props: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary photo-attach"
        onClick={() => input.current?.click()}
        disabled={props.disabled}
        aria-label="Add photos"
        title="Add photos (up to 4)"
      >
        <Icon name="photo" />
      </button>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        hidden
        data-testid="photo-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          event.target.value = ''
          if (files.length > 0) props.onFiles(files)
        }}
      />
    </>
  )
}
