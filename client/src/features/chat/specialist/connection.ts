// The specialist chat's connection (docs/product.md §2 "Chat room"): the label's states
// and the fixed times around them.
import { EXPERT_NAME } from '../../../../../shared/constants.ts'

/** docs/product.md §2: the connection label's states. */
export type Connection = 'connecting' | 'checking' | 'connected' | 'redirecting' | 'failed'

export function connectionLabel(state: Connection): string {
  switch (state) {
    case 'connecting':
      return 'Connecting with Assistant'
    case 'checking':
      return 'Checking Cat Profile'
    case 'connected':
      return `Connected to ${EXPERT_NAME}`
    case 'redirecting':
      return 'Redirecting to Cat Creation'
    case 'failed':
      return 'Not connected'
  }
}

/** docs/product.md §4: a typing indicator shows for at least this long before a reply appears. */
export const MIN_TYPING_MS = 1500
/** Where a subscriber without a cat goes to create one (the numbered wizard). */
export const CAT_CREATION_PATH = '/onboarding?step=1'
/** How long 'Redirecting to Cat Creation' is shown before leaving. */
export const REDIRECT_DELAY_MS = 2000
