// Public settings the server puts into index.html (server/http/client-config.ts).
export interface ClientRuntimeConfig {
  stripePublishableKey: string | null
}

const DEFAULTS: ClientRuntimeConfig = { stripePublishableKey: null }

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

/**
 * A scripted delay of docs/product.md §9 (typing, the preparation, the wizard's pause), ended early by
 * `signal`. Tests move the clock instead of shortening it: Playwright's page.clock, vitest's fake timers.
 */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}
