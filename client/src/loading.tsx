import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'

// The one global loading flag (docs/product.md §3 "Ui state"); a counter, so overlapping
// tasks do not clear each other.
interface LoadingValue {
  loading: boolean
  /** Raises the flag until the promise settles. */
  track<T>(task: Promise<T>): Promise<T>
  setLoading(on: boolean): void
}

const LoadingContext = createContext<LoadingValue | null>(null)

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [count, setCount] = useState(0)
  const setLoading = useCallback((on: boolean) => setCount((c) => Math.max(0, c + (on ? 1 : -1))), [])
  const track = useCallback(
    async <T,>(task: Promise<T>) => {
      setLoading(true)
      try {
        return await task
      } finally {
        setLoading(false)
      }
    },
    [setLoading],
  )
  const value = useMemo(() => ({ loading: count > 0, track, setLoading }), [count, track, setLoading])
  return (
    <LoadingContext.Provider value={value}>
      {children}
      {count > 0 && <LoadingOverlay />}
    </LoadingContext.Provider>
  )
}

export function useGlobalLoading(): LoadingValue {
  const value = useContext(LoadingContext)
  if (!value) throw new Error('useGlobalLoading outside LoadingProvider')
  return value
}

export function LoadingOverlay() {
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-label="Loading content">
      <div className="loading-paw" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
    </div>
  )
}
