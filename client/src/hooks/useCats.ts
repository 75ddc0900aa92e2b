// The signed-in owner's cats from the server, mirrored into local storage (cats, catId, catDetails).
import { useEffect } from 'react'
import type { Cat } from '../../../shared/schemas/cat.ts'
import { hasValidToken, readText } from '../storage.ts'
import { trpc } from '../trpc.ts'
import { storeCats } from './useCatAnswers.ts'

/** The owner's cats; the current one is the stored catId when it is theirs, else the highest id (SPEC §4). */
export function useCats() {
  const query = trpc.cat.list.useQuery(undefined, { enabled: hasValidToken() })
  const cats = query.data
  useEffect(() => {
    if (cats) storeCats(cats)
  }, [cats])
  const storedId = Number(readText('catId'))
  const current: Cat | null =
    cats?.find((cat) => cat.id === storedId) ??
    cats?.reduce<Cat | null>((best, cat) => (best === null || cat.id > best.id ? cat : best), null) ??
    null
  return { ...query, cats: cats ?? [], current }
}
