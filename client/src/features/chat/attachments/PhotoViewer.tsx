import { useEffect, useRef } from 'react'
import { Icon } from '../../../components/Icon.tsx'

/**
 * A photo at full size in a modal dialog (native <dialog>: the page behind is inert, Escape closes it);
 * Close takes focus, and focus goes back to the thumbnail that opened it.
 */
export function PhotoViewer(props: { src: string; alt: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const { onClose } = props
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null
    const box = dialog.current
    if (box && !box.open) box.showModal?.()
    return () => opener?.focus?.()
  }, [])
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click is a mouse shortcut; Escape and Close do the same by keyboard
    <dialog
      ref={dialog}
      className="photo-viewer"
      aria-label={props.alt}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside the picture) closes it.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <img className="photo-viewer__image" src={props.src} alt={props.alt} />
      <button type="button" className="btn btn--secondary photo-viewer__close" onClick={onClose} autoFocus>
        <Icon name="close" size={18} /> Close
      </button>
    </dialog>
  )
}
