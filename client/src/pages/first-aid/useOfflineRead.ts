import { useEffect, useState } from 'react'

export type Read<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: string }

/** One read of the first-aid screens (offline-reads.ts), once per key; the service worker answers offline. */
export function useOfflineRead<T>(read: () => Promise<T>, key: string): Read<T> {
  const [result, setResult] = useState<Read<T>>({ state: 'loading' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the read; `read` is new each render
  useEffect(() => {
    let live = true
    setResult({ state: 'loading' })
    read().then(
      (data) => live && setResult({ state: 'ready', data }),
      (error: unknown) =>
        live && setResult({ state: 'failed', error: error instanceof Error ? error.message : String(error) }),
    )
    return () => {
      live = false
    }
  }, [key])
  return result
}
