// The cat switcher (issue 23): which of the owner's cats a screen is about, shown only to an owner of two
// or more cats. The choice is the SPEC's `catId` key, so the chat, /cat-profile and /progress agree.
import { useId } from 'react'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import { useCats } from '../../hooks/useCats.ts'
import './cat-switcher.css'

/** `onChosen` runs after the choice is stored (the chat reopens on it, chat B opens the chat). */
export function CatSwitcher({ onChosen }: { onChosen?: (id: number) => void }) {
  const { cats, current, choose } = useCats()
  const id = useId()
  if (cats.length < 2 || !current) return null
  return (
    <div className="cat-switcher">
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
            {catDisplayName(cat.name)}
          </option>
        ))}
      </select>
    </div>
  )
}
