// Which entry of a health-record section is being edited, and the keyboard's way back: the Edit button
// that opened the form has the focus again once it closes (saved or cancelled).
import { useCallback, useEffect, useRef, useState } from 'react'

export function useEditing() {
  const [editing, setEditing] = useState<number | null>(null)
  const buttons = useRef(new Map<number, HTMLButtonElement>())
  const refocus = useRef<number | null>(null)
  useEffect(() => {
    if (editing !== null || refocus.current === null) return
    buttons.current.get(refocus.current)?.focus()
    refocus.current = null
  })
  const stop = useCallback(() => {
    setEditing((id) => {
      refocus.current = id
      return null
    })
  }, [])
  /** The Edit button's ref for entry `id`. */
  const editButton = (id: number) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(id, button)
    else buttons.current.delete(id)
  }
  return { editing, start: setEditing, stop, editButton }
}
