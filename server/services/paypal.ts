// PayPal subscription cancellation (docs/product.md §5: ids starting I-), over PayPal's REST API with plain
// fetch. Unconfigured (no PAYPAL_CLIENT_ID/SECRET) it answers 'not configured' and makes no request.

export interface PayPalService {
  readonly configured: boolean
  /** Cancels the subscription; one that is already cancelled counts as cancelled (retries are safe). */
  cancelSubscription(subscriptionId: string, reason: string): Promise<void>
}

export interface PayPalOptions {
  clientId?: string | undefined
  clientSecret?: string | undefined
  /** PAYPAL_API_BASE; PayPal's live API when unset. */
  apiBase?: string | undefined
  timeoutMs?: number
}

export const PAYPAL_LIVE_API = 'https://api-m.paypal.com'

export class PayPalNotConfiguredError extends Error {
  override readonly name = 'PayPalNotConfiguredError'
}

/** PayPal refused or could not be reached. `status` is PayPal's HTTP status when it answered. */
export class PayPalError extends Error {
  override readonly name = 'PayPalError'
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly issue: string | undefined,
  ) {
    super(message)
  }
}

interface CachedToken {
  value: string
  expiresAt: number
}

export function createPayPal(options: PayPalOptions): PayPalService {
  const { clientId, clientSecret } = options
  const base = (options.apiBase ?? PAYPAL_LIVE_API).replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 15_000
  let token: CachedToken | null = null

  async function request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new PayPalError(`PayPal unreachable: ${reason}`, undefined, undefined)
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64')
    const response = await request('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    })
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown
      expires_in?: unknown
    } | null
    if (!response.ok || typeof body?.access_token !== 'string') {
      throw new PayPalError(`PayPal authentication failed (${response.status})`, response.status, undefined)
    }
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 300
    // Renew a minute early so a token never expires between this check and PayPal reading it.
    token = { value: body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60) * 1000 }
    return token.value
  }

  return {
    configured: Boolean(clientId && clientSecret),

    async cancelSubscription(subscriptionId, reason) {
      if (!clientId || !clientSecret) throw new PayPalNotConfiguredError('PayPal is not configured')
      const response = await request(
        `/v1/billing/subscriptions/${encodeURIComponent(subscriptionId)}/cancel`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${await accessToken()}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ reason: reason.slice(0, 128) }),
        },
      )
      if (response.ok) return
      if (response.status === 401) token = null
      const body = (await response.json().catch(() => null)) as {
        name?: unknown
        message?: unknown
        details?: Array<{ issue?: unknown }>
      } | null
      const issue = typeof body?.details?.[0]?.issue === 'string' ? body.details[0].issue : undefined
      // PayPal answers 422 SUBSCRIPTION_STATUS_INVALID for a subscription that is already cancelled.
      if (response.status === 422 && issue === 'SUBSCRIPTION_STATUS_INVALID') return
      const message = typeof body?.message === 'string' ? body.message : `PayPal answered ${response.status}`
      throw new PayPalError(
        message,
        response.status,
        issue ?? (typeof body?.name === 'string' ? body.name : undefined),
      )
    },
  }
}
