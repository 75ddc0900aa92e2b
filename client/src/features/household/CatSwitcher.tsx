// The cat switcher: which of the owner's cats a screen is about, shown only to an owner of two
// or more cats. The choice is the `catId` key of docs/product.md §3, so the chat, /cat-profile and /progress
// agree. A cat shared with the user says whose it is (docs/household.md). Beside it, "Add a cat" starts the
// wizard afresh for another cat (any owner of a cat sees it; a member whose only cats are shared with
// them does not: the server's reach says `own` is not theirs, docs/household.md).
import { useId } from 'react'
import { Link } from 'react-router'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { forgetQuizAnswers } from '../../hooks/useCatAnswers.ts'
import { useCats } from '../../hooks/useCats.ts'
import { useOwnerState } from '../../hooks/useOwnerState.ts'
import './cat-switcher.css'

/** Where "Add a cat" leads: the numbered wizard's first step (step 13 then asks "new cat or update?"). */
export const ADD_CAT_PATH = '/onboarding?step=1'

/** `onChosen` runs after the choice is stored (the chat reopens on it, chat B opens the chat). */
export function CatSwitcher({ onChosen }: { onChosen?: (id: number) => void }) {
  const { cats, current, choose } = useCats()
  const { reach } = useOwnerState()
  const id = useId()
  if (cats.length === 0 || !current) return null
  return (
    <div className="cat-switcher">
      {cats.length > 1 && (
        <>
          <label htmlFor={id}>Your cat</label>
          <select
            id={id}
            value={current.id}
            onChange={(event) => {
              const chosen = Number(event.target.value)
              choose(chosen)
              onChosen?.(chosen)
            }}
          >
            {cats.map((cat) => (
              <option key={cat.id} value={cat.id}>
                {cat.shared_by
                  ? `${catDisplayName(cat.name)} (shared by ${cat.shared_by})`
                  : catDisplayName(cat.name)}
              </option>
            ))}
          </select>
        </>
      )}
      {/* A cat shared with the user names its owner (docs/household.md). */}
      {current.shared_by && (
        <p className="cat-switcher__shared muted">
          {catDisplayName(current.name)} is shared by {current.shared_by}
        </p>
      )}
      {/* The last run's answers are about a cat the owner has: the new one's wizard starts empty. */}
      {reach?.own !== false && (
        <Link className="cat-switcher__add" to={ADD_CAT_PATH} onClick={forgetQuizAnswers}>
          Add a cat
        </Link>
      )}
    </div>
  )
}
