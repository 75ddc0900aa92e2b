import { type RefObject, useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/** How long to wait for a lazily loaded page to draw its heading. */
const HEADING_WAIT_MS = 5000

/**
 * On every route change (a new path, not the first load): the new page starts at its top, and focus
 * moves to its heading, so keyboard and screen-reader users start reading the new page instead of
 * staying on the link they used. A page that gives itself focus (the sign-in field) keeps it.
 */
export function RouteFocus({ main }: { main: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation()
  const previous = useRef(pathname)

  useEffect(() => {
    if (previous.current === pathname) return
    previous.current = pathname
    window.scrollTo(0, 0)
    const container = main.current
    if (!container) return

    const focusHeading = () => {
      const heading = container.querySelector<HTMLElement>('h1')
      if (!heading) return false
      const active = document.activeElement
      const pageChoseFocus = active && active !== document.body && container.contains(active)
      if (!pageChoseFocus) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
        heading.focus({ preventScroll: true })
      }
      return true
    }
    if (focusHeading()) return
    // A lazy page draws its heading once its chunk has loaded.
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop()
    })
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS)
    const stop = () => {
      observer.disconnect()
      window.clearTimeout(timer)
    }
    observer.observe(container, { childList: true, subtree: true })
    return stop
  }, [pathname, main])

  return null
}
