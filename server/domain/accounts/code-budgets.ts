// What asking for a one-time code costs (docs/api.md "Limits and quotas"): the caller's IP budget, then
// the address's own (per address and IP, and a generous ceiling per address over every IP). A code asked
// again too soon mails nothing, so it gives the address's points back.
import { AppError } from '../../errors.ts'
import { type Budget, type BudgetSubject, budgetKey, type RateLimits } from '../../services/rate-limits.ts'

/** The budgets a code request spends, in the order spent. */
export const CODE_SEND_BUDGETS: readonly Budget[] = [
  { name: 'otpSendPerIp', by: 'ip' },
  { name: 'otpSendPerEmailIp', by: 'emailIp' },
  { name: 'otpSendPerEmail', by: 'email' },
]

/** The budgets a code check spends (a sign-in code, a step-up code), in the order spent. */
export const CODE_CHECK_BUDGETS: readonly Budget[] = [
  { name: 'otpVerifyPerIp', by: 'ip' },
  { name: 'otpVerifyPerEmailIp', by: 'emailIp' },
]

/**
 * The address's ceiling over every source, spent only by sign-in checks from a source that asked for none
 * of its live codes: strangers' guesses never put the owner's own code behind a 429 (sign-in-code.ts).
 */
export const STRANGER_CHECK_BUDGET: Budget = { name: 'otpVerifyPerEmail', by: 'email' }

/** An address nobody has proved is likely someone else's being tried: a tighter budget beside its own. */
export const UNPROVEN_ADDRESS_BUDGET: Budget = { name: 'otpSendPerUnprovenEmail', by: 'email' }

/** The address's budgets among `budgets`: what a request that mailed nothing gives back. */
const addressBudgets = (budgets: readonly Budget[]) => budgets.filter((b) => b.by !== 'ip')

export interface CodeBudgetDeps {
  limits: Pick<RateLimits, 'consume' | 'refund'>
  /** Who asks: the caller's IP and the address the code goes to. */
  subject: BudgetSubject
}

/** Gives back one point of each of `budgets` the subject spent. */
async function refund(deps: CodeBudgetDeps, budgets: readonly Budget[]) {
  for (const budget of budgets) {
    const key = budgetKey(budget.by, deps.subject)
    if (key !== null) await deps.limits.refund(budget.name, key)
  }
}

/**
 * Runs `send` (a code mailed); refused as too soon (RESEND_TOO_SOON) it mailed nothing, so the address's
 * points of `spent` are given back before the refusal goes on to the caller.
 */
export async function refundedIfTooSoon(
  deps: CodeBudgetDeps,
  spent: readonly Budget[],
  send: () => Promise<void>,
): Promise<void> {
  try {
    await send()
  } catch (error) {
    if (error instanceof AppError && error.appCode === 'RESEND_TOO_SOON') {
      await refund(deps, addressBudgets(spent))
    }
    throw error
  }
}

/** Spends one point of `budget` for the subject. */
export async function spend(deps: CodeBudgetDeps, budget: Budget): Promise<void> {
  const key = budgetKey(budget.by, deps.subject)
  if (key !== null) await deps.limits.consume(budget.name, key)
}
