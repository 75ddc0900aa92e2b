import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import { NavLink, useLocation } from 'react-router'
import { MOBILE_MAX_WIDTH } from '../../../shared/constants.ts'
import { useLogout } from '../hooks/useLogout.ts'
import { useOwnerState } from '../hooks/useOwnerState.ts'
import { greetingFromToken, useSessionExpiry } from '../session.ts'
import { useStoredText } from '../storage.ts'
import { trpc } from '../trpc.ts'
import { Icon, type IconName } from './Icon.tsx'

// The signed-in sidebar (docs/product.md §2 Layout): only with a stored token; collapses on wide
// screens and is a drawer behind a menu button at ≤ 768 px. It also owns the session-expiry timer,
// since the layout mounts it on every screen.

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`

function subscribeMobile(callback: () => void) {
  const query = window.matchMedia(MOBILE_QUERY)
  query.addEventListener('change', callback)
  return () => query.removeEventListener('change', callback)
}

function useIsMobile(): boolean {
  return useSyncExternalStore(subscribeMobile, () => window.matchMedia(MOBILE_QUERY).matches)
}

function SidebarIcon({ name }: { name: IconName }) {
  return <Icon name={name} size={22} className="sidebar__icon" />
}

export function Sidebar() {
  useSessionExpiry()
  const token = useStoredText('token')
  return token ? <SidebarPanel token={token} /> : null
}

function SidebarPanel({ token }: { token: string }) {
  const mobile = useIsMobile()
  const [collapsed, setCollapsed] = useState(false)
  const [drawerOpen, setDrawerOpen] = useState(false)
  const name = useMemo(() => greetingFromToken(token), [token])
  const logout = useLogout()
  const { pathname } = useLocation()
  const panelId = useId()
  const panel = useRef<HTMLElement>(null)
  const menuButton = useRef<HTMLButtonElement>(null)

  // The server is the authority on the session: one check per page load, so a token it refuses (forged,
  // signed with a retired secret, an account that is gone) ends the session through the tRPC link's
  // sign-out on every screen, not only on screens that happen to call the API.
  trpc.auth.me.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false })
  // What the account may reach is the server's answer (docs/household.md, "On screen"): a sitter is offered
  // no chat, report or billing and no household of their own; these entries wait for that answer.
  const { reach } = useOwnerState()

  const compact = collapsed && !mobile

  // A followed link closes the drawer; so does growing past the breakpoint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation by design
  useEffect(() => setDrawerOpen(false), [pathname, mobile])

  useEffect(() => {
    if (mobile && drawerOpen) panel.current?.querySelector<HTMLElement>('a, button')?.focus()
  }, [mobile, drawerOpen])

  function closeDrawer() {
    setDrawerOpen(false)
    menuButton.current?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!mobile || !drawerOpen) return
    if (event.key === 'Escape') {
      event.preventDefault()
      closeDrawer()
      return
    }
    // Keep Tab inside the open drawer.
    if (event.key === 'Tab') {
      const items = [...(panel.current?.querySelectorAll<HTMLElement>('a, button') ?? [])]
      const first = items[0]
      const last = items.at(-1)
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first?.focus()
      }
    }
  }

  const greeting = name ? `Welcome ${name}` : 'Welcome'
  const label = (text: string) => <span className={compact ? 'sr-only' : 'sidebar__label'}>{text}</span>
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? 'sidebar__item sidebar__item--active' : 'sidebar__item'

  const classes = ['sidebar']
  if (compact) classes.push('sidebar--collapsed')
  if (mobile) classes.push('sidebar--drawer')
  if (mobile && drawerOpen) classes.push('sidebar--open')

  return (
    <>
      {mobile && (
        <div className="sidebar-bar">
          <button
            ref={menuButton}
            type="button"
            className="sidebar-bar__toggle"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls={panelId}
            onClick={() => setDrawerOpen(true)}
          >
            <SidebarIcon name="menu" />
          </button>
          <span className="sidebar-bar__greeting">{greeting}</span>
        </div>
      )}
      {mobile && drawerOpen && <div className="sidebar-backdrop" aria-hidden="true" onClick={closeDrawer} />}
      <aside
        ref={panel}
        id={panelId}
        className={classes.join(' ')}
        aria-label="Account menu"
        onKeyDown={onKeyDown}
      >
        {/* The column runs the page's full height; its contents stay in view as the page scrolls. */}
        <div className="sidebar__panel">
          <div className="sidebar__top">
            <p className={compact ? 'sr-only' : 'sidebar__greeting'}>{greeting}</p>
            {mobile ? (
              <button type="button" className="sidebar__toggle" aria-label="Close menu" onClick={closeDrawer}>
                <SidebarIcon name="close" />
              </button>
            ) : (
              <button
                type="button"
                className="sidebar__toggle"
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!collapsed}
                aria-controls={panelId}
                onClick={() => setCollapsed(!collapsed)}
              >
                <SidebarIcon name={collapsed ? 'expand' : 'collapse'} />
              </button>
            )}
          </div>
          <nav aria-label="Main">
            <ul className="sidebar__list">
              {reach?.chat && (
                <li>
                  <NavLink
                    to="/cat-assistant"
                    className={linkClass}
                    title={compact ? 'Chat with Expert' : undefined}
                  >
                    <SidebarIcon name="chat" />
                    {label('Chat with Expert')}
                  </NavLink>
                </li>
              )}
              {reach?.manage && (
                <li>
                  <NavLink to="/progress" className={linkClass} title={compact ? 'Review Report' : undefined}>
                    <SidebarIcon name="report" />
                    {label('Review Report')}
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to="/care" end className={linkClass} title={compact ? 'Care' : undefined}>
                  <SidebarIcon name="care" />
                  {label('Care')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/care/progress" className={linkClass} title={compact ? 'Progress' : undefined}>
                  <SidebarIcon name="progress" />
                  {label('Progress')}
                </NavLink>
              </li>
              <li>
                <NavLink to="/first-aid" className={linkClass} title={compact ? 'First aid' : undefined}>
                  <SidebarIcon name="firstAid" />
                  {label('First aid')}
                </NavLink>
              </li>
              {reach?.own && (
                <li>
                  <NavLink to="/household" className={linkClass} title={compact ? 'Household' : undefined}>
                    <SidebarIcon name="household" />
                    {label('Household')}
                  </NavLink>
                </li>
              )}
              <li>
                <button
                  type="button"
                  className="sidebar__item"
                  title={compact ? 'Logout' : undefined}
                  onClick={() => void logout()}
                >
                  <SidebarIcon name="logout" />
                  {label('Logout')}
                </button>
              </li>
              <li>
                <NavLink to="/cat-profile" className={linkClass} title={compact ? 'Profile' : undefined}>
                  <SidebarIcon name="profile" />
                  {label('Profile')}
                </NavLink>
              </li>
            </ul>
          </nav>
        </div>
      </aside>
    </>
  )
}
