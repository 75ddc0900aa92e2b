// Billing rules of docs/product.md §3, §4 and §9: plan prices, trial lengths, the plan card, the mobile rule
// and the subscription-id rule of cancellation. Pure functions; the server decides what is charged with them.
import {
  ACTIVATION_FEE_CENTS,
  type BillingPeriod,
  MOBILE_MAX_WIDTH,
  PRICES,
  TRIAL_DAYS,
  TRIAL_PLAN_NAME,
} from '../constants.ts'

export const BILLING_PERIODS = ['Monthly', 'Yearly'] as const satisfies readonly BillingPeriod[]
export const DEFAULT_BILLING_PERIOD: BillingPeriod = 'Monthly'
export const PLAN_NAME = 'Specialist Plan'
const DAY_MS = 86_400_000

/**
 * docs/product.md §3 "Billing state": method false means monthly, true means yearly;
 * the price follows the method.
 */
export interface BillingState {
  method: boolean
  price: number
  daily: number
  monthly: number
  yearly: number
}

export function periodOf(method: boolean): BillingPeriod {
  return method ? 'Yearly' : 'Monthly'
}

export function methodOf(period: BillingPeriod): boolean {
  return period === 'Yearly'
}

export function isBillingPeriod(value: unknown): value is BillingPeriod {
  return value === 'Monthly' || value === 'Yearly'
}

/** The plan price in dollars: 49.99 a month or 299.99 a year. */
export function priceFor(period: BillingPeriod): number {
  return period === 'Yearly' ? PRICES.yearly : PRICES.monthly
}

/** What the yearly plan costs a day (299.99 / 365 = 0.82, docs/product.md §9's daily figure). */
export function dailyPrice(): number {
  return Math.round((PRICES.yearly / 365) * 100) / 100
}

export function billingState(period: BillingPeriod): BillingState {
  return {
    method: methodOf(period),
    price: priceFor(period),
    daily: dailyPrice(),
    monthly: PRICES.monthly,
    yearly: PRICES.yearly,
  }
}

export function trialDays(period: BillingPeriod): number {
  return TRIAL_DAYS[period]
}

/** When the free trial that starts at `start` ends: 3 days for Monthly, 7 for Yearly. */
export function trialEndDate(period: BillingPeriod, start: Date): Date {
  return new Date(start.getTime() + trialDays(period) * DAY_MS)
}

/** The same, as the whole Unix seconds a payment provider takes (rounded up so it stays in the future). */
export function trialEndUnix(period: BillingPeriod, start: Date): number {
  return Math.ceil(trialEndDate(period, start).getTime() / 1000)
}

/** The payment form of docs/product.md §3 for a trial that starts at `start`. */
export function trialPaymentForm(period: BillingPeriod, start: Date) {
  return {
    planName: TRIAL_PLAN_NAME,
    startDate: start.toISOString(),
    endDate: trialEndDate(period, start).toISOString(),
    billingPeriod: period,
  }
}

export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`
}

export const ACTIVATION_FEE_TEXT = formatUsd(ACTIVATION_FEE_CENTS / 100)

export interface PlanCard {
  name: string
  trial: string
  /** One price per plan, with its unit: '$49.99/mo' or '$299.99/yr'. */
  price: string
  /** A per-day figure where it helps (the yearly plan), else null. */
  perDay: string | null
  activation: string
}

/**
 * The plan card. docs/product.md §9 gives both '$39.99/mo' and a monthly price of 49.99; the card shows the
 * price the owner is actually charged after the trial (49.99), so one plan never shows two prices.
 */
export function planCard(period: BillingPeriod): PlanCard {
  return {
    name: PLAN_NAME,
    trial: `${trialDays(period)}-Day Trial`,
    price: period === 'Yearly' ? `${formatUsd(PRICES.yearly)}/yr` : `${formatUsd(PRICES.monthly)}/mo`,
    perDay: period === 'Yearly' ? `${formatUsd(dailyPrice())}/day` : null,
    activation: ACTIVATION_FEE_TEXT,
  }
}

/** docs/product.md §4: the billing method is forced to monthly on screens up to 768 px wide. */
export function effectiveMethod(method: boolean, viewportWidth: number): boolean {
  return viewportWidth <= MOBILE_MAX_WIDTH ? false : method
}

/** docs/product.md §2 /login: planSelection 'yearly' in any letter case records the yearly plan. */
export function planFromSelection(value: string | null | undefined): BillingPeriod {
  return value?.trim().toLowerCase() === 'yearly' ? 'Yearly' : 'Monthly'
}

export type SubscriptionIdKind = 'none' | 'stripe' | 'paypal' | 'invalid'

/**
 * docs/product.md §5: an id starting sub_ is the card provider's, I- is PayPal's, anything else is invalid,
 * and no id at all (or the stored text 'null') is 'No subscription ID found'.
 */
export function subscriptionIdKind(id: string | null | undefined): SubscriptionIdKind {
  const value = id?.trim() ?? ''
  if (value === '' || value === 'null' || value === 'undefined') return 'none'
  if (value.startsWith('sub_')) return 'stripe'
  if (value.startsWith('I-')) return 'paypal'
  return 'invalid'
}

/**
 * The paywall's wait countdown (docs/product.md §4: from 600 s down to 0) as m:ss,
 * e.g. 600 → '10:00', 59 → '0:59'.
 */
export function formatCountdown(seconds: number): string {
  const left = Math.max(0, Math.floor(seconds))
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
}
