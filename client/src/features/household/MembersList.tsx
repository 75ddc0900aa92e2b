// The owner's household: members (active) and invitations still waiting, each with Remove, which asks
// first (a member's access ends at once; an invitation's link stops working).
import type { ReactNode } from 'react'
import { useState } from 'react'
import { catDisplayName } from '../../../../shared/rules/recommendations.ts'
import type { HouseholdMemberView } from '../../../../shared/schemas/household.ts'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' })

function describe(m: HouseholdMemberView, catNames: Map<number, string>): string {
  const role = m.role === 'sitter' ? 'Sitter' : 'Family'
  const cats = m.cat_ids ? m.cat_ids.map((id) => catNames.get(id) ?? 'a cat').join(', ') : 'all your cats'
  if (m.status === 'invited')
    return `${role}, invited for ${cats}; the link works until ${day(m.expires_at ?? '')}`
  return m.expires_at ? `${role} for ${cats}, until ${day(m.expires_at)}` : `${role} for ${cats}`
}

export function MembersList({ cats }: { cats: ReadonlyArray<{ id: number; name: string }> }) {
  const utils = trpc.useUtils()
  const query = trpc.household.members.useQuery()
  const remove = trpc.household.removeMember.useMutation({
    onSuccess: () => utils.household.members.invalidate(),
  })
  const [removing, setRemoving] = useState<HouseholdMemberView | null>(null)
  const catNames = new Map(cats.map((c) => [c.id, catDisplayName(c.name)]))

  let body: ReactNode
  if (query.isLoading) {
    body = (
      <p className="muted" role="status">
        Loading your household…
      </p>
    )
  } else if (query.error) {
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void query.refetch() }}>
        {errorMessage(query.error, 'Your household could not be loaded.')}
      </ErrorBox>
    )
  } else if (!query.data?.length) {
    body = <p className="muted">No one shares your cats' care yet.</p>
  } else {
    body = (
      <ul className="household-members">
        {query.data.map((m) => (
          <li key={m.id} className="household-members__item">
            <span>
              <strong>{m.email}</strong>
              <span className="household-members__status">
                {m.status === 'invited' ? 'Invited' : 'Active'}
              </span>
              <br />
              <span className="muted">{describe(m, catNames)}</span>
            </span>
            <button
              type="button"
              className="btn btn--secondary"
              aria-label={`Remove ${m.email}`}
              onClick={() => {
                remove.reset()
                setRemoving(m)
              }}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
    )
  }
  return (
    <section className="stack" aria-labelledby="household-members-title">
      <h2 id="household-members-title">Members and invitations</h2>
      {body}
      {removing && (
        <ConfirmDialog
          title={removing.status === 'invited' ? 'Withdraw this invitation?' : 'Remove this member?'}
          note={
            removing.status === 'invited'
              ? 'The link they were sent stops working.'
              : 'They lose access to your cats at once. What they logged stays.'
          }
          error={
            remove.error ? errorMessage(remove.error, 'They could not be removed. Please try again.') : null
          }
          busy={remove.isPending}
          confirmLabel="Remove"
          busyLabel="Removing…"
          cancelLabel="Keep"
          onConfirm={() => remove.mutate({ id: removing.id }, { onSuccess: () => setRemoving(null) })}
          onCancel={() => setRemoving(null)}
        >
          {removing.email}
        </ConfirmDialog>
      )}
    </section>
  )
}
