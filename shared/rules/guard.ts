// The navigation guard of docs/product.md §2, as one pure function the client
// router calls on every navigation.

export interface GuardState {
  /** A subscriptionId other than null is stored. */
  subscribed: boolean
  /** interview_completed is 'true'. */
  interviewCompleted: boolean
  /** A usable catId is stored. */
  hasCat: boolean
  /** A token with a future expiry is stored. */
  signedIn: boolean
  /**
   * The server says the account may chat (docs/household.md: false for an account whose only cats are
   * shared with it as a sitter). Unknown counts as allowed: the server refuses what it must anyway.
   */
  mayChat?: boolean
}

/** Where an account that may not chat goes instead of the chat's screens: its shared cats' Care. */
const CHAT_SCREENS = new Set(['/paywall', '/interview', '/cat-assistant'])

/** Screens that show an owner's own records; without a session they send the visitor to /login. */
const SIGNED_IN_ONLY = new Set(['/cat-profile', '/progress', '/care', '/care/progress', '/household'])

/** Where the guard sends the browser, or null to stay. It redirects only when the target differs. */
export function guardRedirect(path: string, state: GuardState): string | null {
  const target = guardTarget(path, state)
  return target && target !== path ? target : null
}

function guardTarget(path: string, s: GuardState): string | null {
  const readyForChat = s.interviewCompleted || s.hasCat
  if (s.mayChat === false && CHAT_SCREENS.has(path)) return '/care'
  switch (path) {
    case '/paywall':
      if (!s.subscribed) return null
      return readyForChat ? '/cat-assistant' : '/interview'
    case '/interview':
      return readyForChat ? '/cat-assistant' : null
    case '/cat-assistant':
      if (!s.subscribed) return '/paywall'
      return readyForChat ? null : '/interview'
    default:
      return SIGNED_IN_ONLY.has(path) && !s.signedIn ? '/login' : null
  }
}
