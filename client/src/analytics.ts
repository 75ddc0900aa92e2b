// Conversion events (docs/product.md §4: InitiateCheckout and Purchase, value from the billing price,
// currency USD). This module loads no third-party script: it forwards to whatever tracker the page already
// has (a social ad pixel's `fbq`, a tag manager's `dataLayer`) and announces the event on `window` so any
// other integration can listen without touching the payment code.

export type ConversionEvent = 'InitiateCheckout' | 'Purchase'

export interface ConversionParams {
  value: number
  currency: 'USD'
}

export const ANALYTICS_EVENT = 'kitty-analytics'

declare global {
  interface Window {
    fbq?: (command: 'track', event: string, params?: Record<string, unknown>) => void
    dataLayer?: unknown[]
  }
}

export function trackConversion(event: ConversionEvent, params: ConversionParams): void {
  const payload = { value: Math.round(params.value * 100) / 100, currency: params.currency }
  try {
    if (typeof window.fbq === 'function') window.fbq('track', event, payload)
    if (Array.isArray(window.dataLayer)) window.dataLayer.push({ event, ...payload })
  } catch (error) {
    // A tracker's failure is never the owner's problem.
    console.warn(`Analytics event ${event} was not sent`, error)
  }
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail: { event, ...payload } }))
}
