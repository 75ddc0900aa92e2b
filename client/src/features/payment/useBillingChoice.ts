// The monthly/yearly choice (docs/product.md §3 Billing state, §4): remembered in local
// storage as planSelection (the login screen records 'yearly' there too), forced to
// monthly on screens up to 768 px wide.
import { useCallback, useSyncExternalStore } from 'react'
import type { BillingPeriod } from '../../../../shared/constants.ts'
import {
  type BillingState,
  billingState,
  effectiveMethod,
  methodOf,
  periodOf,
  planFromSelection,
} from '../../../../shared/rules/pricing.ts'
import { useStoredText, writeText } from '../../storage.ts'

function subscribeToResize(callback: () => void) {
  window.addEventListener('resize', callback)
  return () => window.removeEventListener('resize', callback)
}

export function useViewportWidth(): number {
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth)
}

export interface BillingChoice extends BillingState {
  billingPeriod: BillingPeriod
  /** True when the screen is too narrow for the yearly plan to be offered. */
  forcedMonthly: boolean
  setMethod(yearly: boolean): void
}

export function useBillingChoice(): BillingChoice {
  const stored = useStoredText('planSelection')
  const width = useViewportWidth()
  const wanted = methodOf(planFromSelection(stored))
  const method = effectiveMethod(wanted, width)
  const billingPeriod = periodOf(method)
  const setMethod = useCallback(
    (yearly: boolean) => writeText('planSelection', yearly ? 'yearly' : 'monthly'),
    [],
  )
  return {
    ...billingState(billingPeriod),
    billingPeriod,
    forcedMonthly: effectiveMethod(true, width) === false,
    setMethod,
  }
}
