// Every capability link is read under a budget of its own (docs/operations.md "Capability links"), from
// whichever address: a leaked or replayed link cannot be read in a loop, and one busy link never spends
// the budget of another (429 with Retry-After past it).
import type { RateLimits } from '../../services/rate-limits.ts'

export type LinkKind = 'feed' | 'share' | 'unsubscribe'

export function spendLinkRead(limits: RateLimits, kind: LinkKind, id: number | string): Promise<void> {
  return limits.consume('linkReadsPerLink', `${kind}:${id}`)
}
