// Public settings the server puts into index.html (server/client-config.ts).
export interface ClientRuntimeConfig {
  stripePublishableKey: string | null
  /** Scales scripted delays; 1 in production, smaller in browser tests. */
  delayScale: number
}

const DEFAULTS: ClientRuntimeConfig = { stripePublishableKey: null, delayScale: 1 }

function read(): ClientRuntimeConfig {
  const content = document.querySelector('meta[name="kitty-config"]')?.getAttribute('content')
  if (!content) return DEFAULTS
  try {
    return { ...DEFAULTS, ...(JSON.parse(content) as Partial<ClientRuntimeConfig>) }
  } catch {
    return DEFAULTS
  }
}

export const runtimeConfig = read()

/** A scripted delay as the SPEC gives it, scaled by the test setting. */
export function scaledDelay(ms: number): number {
  return Math.round(ms * runtimeConfig.delayScale)
}

export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, scaledDelay(ms))
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}
