import { useState } from 'react'
import { Link } from 'react-router'
import { CLIENT_PATHS } from '../../../shared/client-paths.ts'
import { clearAll } from '../storage.ts'

/** Not listed: '/' only redirects to /login, and the legal pages are linked from the pages that cite them. */
const UNLISTED: ReadonlySet<string> = new Set(['/', '/privacy', '/terms'])
/** A page's inner state worth reaching in one click, listed after the page. */
const EXTRA: Readonly<Record<string, readonly string[]>> = { '/onboarding': ['/onboarding?step=1'] }

/** docs/product.md §2's routes (shared/client-paths.ts, the list the server answers too), in its order. */
const ROUTES = CLIENT_PATHS.filter((path) => !UNLISTED.has(path)).flatMap((path) => [
  path,
  ...(EXTRA[path] ?? []),
])

/** Development builds only (Layout checks import.meta.env.DEV, so production bundles drop it). */
export function DevMenu() {
  const [open, setOpen] = useState(false)
  return (
    <nav className="dev-menu" aria-label="Developer navigation">
      <button type="button" className="dev-menu__toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
        Dev
      </button>
      {open && (
        <ul>
          {ROUTES.map((route) => (
            <li key={route}>
              <Link to={route}>{route}</Link>
            </li>
          ))}
          <li>
            <Link
              to="/login"
              onClick={() => {
                clearAll()
              }}
            >
              Logout
            </Link>
          </li>
        </ul>
      )}
    </nav>
  )
}
