// The signed-in owner's cats from the server, mirrored into local storage (cats, catId, catDetails), and
// the chosen one: the stored catId while it is theirs, else the highest id
// (shared/rules/current-cat.ts). The choice lives in the `catId` key of
// docs/product.md §3, so every screen agrees.
import { useCallback, useEffect } from 'react'
import { currentCat } from '../../../shared/rules/current-cat.ts'
import type { Cat } from '../../../shared/schemas/cat.ts'
import { hasValidToken, useStoredText, writeText } from '../storage.ts'
import { trpc } from '../trpc.ts'
import { storeCats } from './useCatAnswers.ts'

/**
 * Whether the user may do `action` on `cat`, as the server's access policy says in the cat list
 * (`may`; docs/household.md): the screens offer only those controls. A cat read without `may` (the
 * owner's own, from get or update) is the owner's.
 */
export function mayOnCat(cat: Pick<Cat, 'may'>, action: NonNullable<Cat['may']>[number]): boolean {
  return cat.may ? cat.may.includes(action) : true
}

export function useCats() {
  const query = trpc.cat.list.useQuery(undefined, { enabled: hasValidToken() })
  const cats = query.data
  const chosenId = useStoredText('catId')
  useEffect(() => {
    if (cats) storeCats(cats)
  }, [cats])
  const current = currentCat(cats ?? [], chosenId)
  /** Makes `id` the chosen cat on every screen (its details and suggestions mirrored too). */
  const choose = useCallback(
    (id: number) => {
      writeText('catId', String(id))
      if (cats) storeCats(cats)
    },
    [cats],
  )
  return { ...query, cats: cats ?? [], current, choose }
}
