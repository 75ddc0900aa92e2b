// One trial per owner: whether the owner is offered the $1.99 trial or the plan at its price.
// The server decides (billing.status); a visitor, and an owner until the answer arrives, sees the trial.
import { hasValidToken } from '../../storage.ts'
import { trpc } from '../../trpc.ts'

export function useTrialOffer(): boolean {
  const status = trpc.billing.status.useQuery(undefined, { enabled: hasValidToken() })
  return status.data?.trial_available ?? true
}
