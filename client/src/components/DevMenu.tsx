import { useState } from 'react'
import { Link } from 'react-router'
import { clearAll } from '../storage.ts'

const ROUTES = [
  '/login',
  '/sent-mail',
  '/dashboard',
  '/signup',
  '/priceselection',
  '/paymentmethod',
  '/PaymentForm',
  '/onboarding',
  '/onboarding?step=1',
  '/start',
  '/start-b',
  '/interview',
  '/paywall',
  '/cat-assistant',
  '/cat-assistant-b',
  '/cat-profile',
  '/progress',
]

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
