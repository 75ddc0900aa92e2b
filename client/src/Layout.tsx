// The app shell around every screen: the logo header or a bare screen, and for a signed-in owner the
// sidebar and account notices. It composes features and components, so it sits with App.tsx above the pages.
import { lazy, Suspense, useRef } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { DevMenu } from './components/DevMenu.tsx'
import { RouteFocus } from './components/RouteFocus.tsx'
import { LoadingOverlay } from './loading.tsx'
import { useStoredText } from './storage.ts'

/**
 * The sidebar (and its icons) is only for signed-in owners: its own chunk, so a visitor's first load
 * (/login, /start) does not carry it, nor the data layer it asks the server through.
 */
const Sidebar = lazy(async () => {
  const [{ Sidebar }, { DataProviders }] = await Promise.all([
    import('./components/Sidebar.tsx'),
    import('./data.tsx'),
  ])
  return {
    default: () => (
      <DataProviders>
        <Sidebar />
      </DataProviders>
    ),
  }
})

/** What the account held before its address was first proved: a signed-in owner's notice, its own chunk. */
const HeldBeforeProofNotice = lazy(async () => {
  const [{ HeldBeforeProofNotice }, { DataProviders }] = await Promise.all([
    import('./features/account/index.ts'),
    import('./data.tsx'),
  ])
  return {
    default: () => (
      <DataProviders>
        <HeldBeforeProofNotice />
      </DataProviders>
    ),
  }
})

/** Screens that draw their own full-height chrome instead of the logo header (docs/product.md §2 Layout). */
const BARE_PATHS = new Set(['/cat-assistant', '/cat-profile'])

export function Layout() {
  const { pathname } = useLocation()
  const bare = BARE_PATHS.has(pathname.toLowerCase())
  const main = useRef<HTMLElement>(null)
  const signedIn = useStoredText('token') !== ''
  return (
    <div className={bare ? 'shell shell--bare' : 'shell'}>
      {signedIn && (
        <Suspense fallback={null}>
          <Sidebar />
        </Suspense>
      )}
      <div className="shell__main">
        {!bare && (
          <header className="site-header">
            <Link to="/" className="site-logo" aria-label="Kitty Care home">
              <img src="/logo.svg" alt="" width={36} height={36} />
              <span>Kitty Care</span>
            </Link>
          </header>
        )}
        {!bare && <div className="corner-decoration" aria-hidden="true" />}
        <RouteFocus main={main} />
        <main className="page" ref={main}>
          {signedIn && (
            <Suspense fallback={null}>
              <HeldBeforeProofNotice />
            </Suspense>
          )}
          <Suspense fallback={<LoadingOverlay />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      {import.meta.env.DEV && <DevMenu />}
    </div>
  )
}
