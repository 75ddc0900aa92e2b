/**
 * The client routes of docs/product.md §2's route table. The server answers these with the app (status 200)
 * and every other page path with the app's Not found page and the status 404. React Router matches paths
 * case-insensitively and with or without a trailing slash, so the server does too.
 */
export const CLIENT_PATHS = [
  '/',
  '/login',
  '/sent-mail',
  '/dashboard',
  '/signup',
  '/priceselection',
  '/paymentmethod',
  '/PaymentForm',
  '/onboarding',
  '/start',
  '/start-b',
  '/interview',
  '/paywall',
  '/cat-assistant',
  '/cat-assistant-b',
  '/cat-profile',
  '/progress',
  '/care',
  '/care/progress',
  '/household',
  '/household/accept',
  '/first-aid',
  '/first-aid/card',
  '/privacy',
  '/terms',
] as const

/**
 * Client routes the server answers with the app and the status 404, as an unknown path: they exist for
 * operators only (the scoreboard, docs/follow-ups.md), and a page request does not say who asks (the
 * token is the browser's). The page asks its data, and shows Not found to everyone else.
 */
export const OPERATOR_PATHS = ['/ops/safety'] as const

const KNOWN = new Set(CLIENT_PATHS.map((path) => path.toLowerCase()))

/** One first-aid situation's page (docs/first-aid.md): /first-aid/heatstroke. */
export const FIRST_AID_SITUATION_PATH = /^\/first-aid\/[a-z][a-z-]{1,40}$/

/** Whether a request path (without its query) is one of the client's routes. */
export function isClientPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  const path = (trimmed || '/').toLowerCase()
  return KNOWN.has(path) || FIRST_AID_SITUATION_PATH.test(path)
}
