import { useId, useRef } from 'react'
import { Icon, type IconName } from '../Icon.tsx'

export interface ChoiceOption {
  value: string
  title: string
  hint?: string
  icon?: IconName
  /** A small tag beside the title, e.g. 'Recommended'. */
  badge?: string
}

function CardBody({ option }: { option: ChoiceOption }) {
  return (
    <>
      {option.icon && (
        <span className="choice__icon" aria-hidden="true">
          <Icon name={option.icon} size={28} />
        </span>
      )}
      <span className="choice__title">
        {option.title}
        {option.badge && <span className="choice__badge">{option.badge}</span>}
      </span>
      {option.hint && <span className="choice__hint">{option.hint}</span>}
    </>
  )
}

/** One option as a card: a native radio button or checkbox (visually hidden) inside the card's label. */
function ChoiceCard({
  option,
  type,
  name,
  checked,
  onChange,
}: {
  option: ChoiceOption
  type: 'radio' | 'checkbox'
  name?: string
  checked: boolean
  onChange(): void
}) {
  return (
    <label className="choice">
      <input
        type={type}
        className="sr-only"
        name={name}
        value={option.value}
        checked={checked}
        onChange={onChange}
      />
      <CardBody option={option} />
    </label>
  )
}

/** The options as cards in the group's grid; `isChecked` and `onChoose` take an option's value. */
function CardGrid({
  options,
  type,
  name,
  isChecked,
  onChoose,
}: {
  options: readonly ChoiceOption[]
  type: 'radio' | 'checkbox'
  name?: string
  isChecked(value: string): boolean
  onChoose(value: string): void
}) {
  return (
    <div className="choices">
      {options.map((option) => (
        <ChoiceCard
          key={option.value}
          option={option}
          type={type}
          name={name}
          checked={isChecked(option.value)}
          onChange={() => onChoose(option.value)}
        />
      ))}
    </div>
  )
}

interface SingleProps {
  label: string
  /** Show the label visibly (a step's title often says it already: then it is for screen readers only). */
  showLabel?: boolean
  options: readonly ChoiceOption[]
  value: string
  onChange(value: string): void
  error?: string | null
  /** Fired when focus leaves the whole group (counts as touching the field). */
  onBlur?(): void
  /**
   * Commits a choice and moves on (the short quiz's first step): a click, Enter or Space picks, while
   * the arrow keys only browse (they select, as radio buttons do, without leaving the step).
   */
  onPick?(value: string): void
}

/**
 * Single choice as native radio buttons drawn as cards (Tab enters the group, arrow keys move). Values
 * compare without letter case, since the short quiz stores 'female' where the wizard shows 'Female'.
 */
export function ChoiceCards({
  label,
  showLabel = false,
  options,
  value,
  onChange,
  error,
  onBlur,
  onPick,
}: SingleProps) {
  const name = useId()
  const errorId = useId()
  // Set by an arrow key: the change that follows it is browsing, not a pick.
  const browsing = useRef(false)
  return (
    <fieldset
      className="field choice-group"
      aria-describedby={error ? errorId : undefined}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.()
      }}
      onPointerDown={() => {
        browsing.current = false
      }}
      onKeyDown={(event) => {
        browsing.current = event.key.startsWith('Arrow')
        const target = event.target
        if (!onPick || !(target instanceof HTMLInputElement) || target.type !== 'radio') return
        if (event.key === 'Enter' || event.key === ' ') {
          // Space would also check the radio; the pick is made here, once, for either key.
          event.preventDefault()
          onChange(target.value)
          onPick(target.value)
        }
      }}
    >
      <legend className={showLabel ? 'field__label' : 'sr-only'}>{label}</legend>
      <CardGrid
        options={options}
        type="radio"
        name={name}
        isChecked={(option) => option.toLowerCase() === value.toLowerCase()}
        onChoose={(option) => {
          onChange(option)
          if (onPick && !browsing.current) onPick(option)
          browsing.current = false
        }}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  )
}

interface MultiProps {
  label: string
  options: readonly ChoiceOption[]
  values: readonly string[]
  onChange(values: string[]): void
  /** Picks beyond this are ignored (docs/product.md §5: at most 10). */
  max?: number
}

/** Multi-select cards: native checkboxes drawn as cards; picks past `max` are ignored. */
export function MultiChoiceCards({
  label,
  options,
  values,
  onChange,
  max = Number.POSITIVE_INFINITY,
}: MultiProps) {
  const chosen = new Set(values.map((v) => v.toLowerCase()))

  function toggle(value: string) {
    const key = value.toLowerCase()
    if (chosen.has(key)) onChange(values.filter((v) => v.toLowerCase() !== key))
    else if (values.length < max) onChange([...values, value])
  }

  return (
    <fieldset className="field choice-group">
      <legend className="sr-only">{label}</legend>
      <CardGrid
        options={options}
        type="checkbox"
        isChecked={(option) => chosen.has(option.toLowerCase())}
        onChoose={toggle}
      />
    </fieldset>
  )
}

/** Option lists of plain titles, as cards. */
export const titleOptions = (titles: readonly string[]): ChoiceOption[] =>
  titles.map((title) => ({ value: title, title }))
