// The owner's invitation (docs/household.md): an address, family or sitter, which cats (or all, now and
// later) and, for a sitter, how many days. The server checks everything again and mails the link.
import { type FormEvent, useId, useState } from 'react'
import { EMAIL_PATTERN } from '../../../../shared/rules/email.ts'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import {
  type HouseholdRoleName,
  SITTER_DAYS_DEFAULT,
  SITTER_DAYS_MAX,
} from '../../../../shared/schemas/household.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { TextField } from '../../components/TextField.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

const ROLES: { value: HouseholdRoleName; title: string; hint: string }[] = [
  { value: 'family', title: 'Family', hint: 'Shares all the care and the chat, until you remove them' },
  {
    value: 'sitter',
    title: 'Sitter',
    hint: 'Logs check-ins, doses and weights and sees the emergency card, for the days you choose',
  },
]

export function InviteForm({ cats }: { cats: ReadonlyArray<{ id: number; name: string }> }) {
  const id = useId()
  const utils = trpc.useUtils()
  const invite = trpc.household.invite.useMutation({ onSuccess: () => utils.household.members.invalidate() })
  const [email, setEmail] = useState('')
  // Nothing chosen for the owner: family shares the chat and everything but billing, a sitter a few days.
  const [role, setRole] = useState<HouseholdRoleName | null>(null)
  const [allCats, setAllCats] = useState(true)
  const [picked, setPicked] = useState<number[]>([])
  const [days, setDays] = useState(String(SITTER_DAYS_DEFAULT))
  const [problem, setProblem] = useState<string | null>(null)
  const [sentTo, setSentTo] = useState<string | null>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSentTo(null)
    const address = email.trim()
    if (!address) return setProblem('Enter the e-mail address to invite.')
    if (!EMAIL_PATTERN.test(address)) {
      return setProblem('Enter a valid e-mail address, like name@example.com.')
    }
    if (!role) return setProblem('Choose whether they join as family or as a sitter.')
    // Empty, zero or negative days would end the sitter's access before it starts.
    const dayCount = days.trim() === '' ? Number.NaN : Number(days)
    if (role === 'sitter' && !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= SITTER_DAYS_MAX)) {
      return setProblem(`Enter the sitter's days of access as a whole number from 1 to ${SITTER_DAYS_MAX}.`)
    }
    if (!allCats && picked.length === 0) return setProblem('Choose at least one cat, or all your cats.')
    setProblem(null)
    invite.mutate(
      {
        email: address,
        role,
        ...(allCats ? {} : { cat_ids: picked }),
        ...(role === 'sitter' ? { days: dayCount } : {}),
      },
      {
        onSuccess: (answer) => {
          setSentTo(answer.email)
          setEmail('')
        },
      },
    )
  }

  const error =
    problem ?? (invite.error ? errorMessage(invite.error, 'The invitation could not be sent.') : null)
  return (
    <form className="stack household-invite" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Invite someone</h2>
      <TextField
        id={`${id}-email`}
        label="Their e-mail address"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <fieldset className="household-invite__choices">
        <legend>As</legend>
        {ROLES.map((r) => (
          <label key={r.value} className="household-invite__choice">
            <input
              type="radio"
              name={`${id}-role`}
              value={r.value}
              checked={role === r.value}
              onChange={() => setRole(r.value)}
            />
            <span>
              <strong>{r.title}</strong>
              <span className="muted"> {r.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="household-invite__choices">
        <legend>Which cats</legend>
        <label className="household-invite__choice">
          <input type="checkbox" checked={allCats} onChange={(e) => setAllCats(e.target.checked)} />
          <span>All my cats, and any I add later</span>
        </label>
        {!allCats &&
          cats.map((cat) => (
            <label key={cat.id} className="household-invite__choice">
              <input
                type="checkbox"
                checked={picked.includes(cat.id)}
                onChange={(e) =>
                  setPicked(e.target.checked ? [...picked, cat.id] : picked.filter((c) => c !== cat.id))
                }
              />
              <span>{catDisplayName(cat.name)}</span>
            </label>
          ))}
      </fieldset>
      {role === 'sitter' && (
        <TextField
          id={`${id}-days`}
          label={`Days of access (1 to ${SITTER_DAYS_MAX})`}
          type="number"
          inputMode="numeric"
          min={1}
          max={SITTER_DAYS_MAX}
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      )}
      {error && <ErrorBox>{error}</ErrorBox>}
      {sentTo && (
        <p className="notice" role="status">
          Invitation sent to {sentTo}. The link works once, for 7 days.
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  )
}
