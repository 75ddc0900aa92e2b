// A sitter's emergency card (docs/household.md): the cat's conditions and medicines, the owner to reach,
// the usual vet and the emergency clinic, phones as tel: links so a tap calls; and the links to the same
// card and the first-aid guide as they open offline (docs/first-aid.md).
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { Vet } from '../../../../shared/schemas/vets.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { errorMessage, trpc } from '../../trpc.ts'

function VetLine({ title, vet }: { title: string; vet: Vet | null }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>
        {vet ? (
          <>
            {vet.name}, <a href={`tel:${vet.phone.replace(/[^+\d]/g, '')}`}>{vet.phone}</a>
            {vet.address ? `, ${vet.address}` : ''}
          </>
        ) : (
          'Not recorded: ask the owner'
        )}
      </dd>
    </div>
  )
}

export function EmergencyCard({ catId }: { catId: number }) {
  const query = trpc.household.emergencyCard.useQuery({ cat_id: catId })
  let body: ReactNode
  if (query.isLoading) {
    body = (
      <p className="muted" role="status">
        Loading the emergency card…
      </p>
    )
  } else if (query.error || !query.data) {
    body = (
      <ErrorBox action={{ label: 'Retry', onClick: () => void query.refetch() }}>
        {errorMessage(query.error, 'The emergency card could not be loaded.')}
      </ErrorBox>
    )
  } else {
    const card = query.data
    body = (
      <dl className="household-card">
        <div>
          <dt>Conditions</dt>
          <dd>{card.conditions.trim() || 'None recorded'}</dd>
        </div>
        <div>
          <dt>Medications</dt>
          <dd>
            {card.medications.length === 0
              ? 'None recorded'
              : card.medications
                  .map((m) =>
                    [m.name, m.dose, m.times.length ? `at ${m.times.join(', ')}` : '']
                      .filter(Boolean)
                      .join(' '),
                  )
                  .join('; ')}
          </dd>
        </div>
        <div>
          <dt>Owner</dt>
          <dd>
            {card.owner.name.trim() ? `${card.owner.name.trim()}, ` : ''}
            <a href={`mailto:${card.owner.email}`}>{card.owner.email}</a>
          </dd>
        </div>
        <VetLine title="Usual vet" vet={card.vets.usual} />
        <VetLine title="Emergency clinic" vet={card.vets.emergency} />
      </dl>
    )
  }
  return (
    <section className="report__section" aria-labelledby="household-card-title">
      <h2 id="household-card-title">Emergency card</h2>
      {body}
      {/* Both open with no network once opened here (docs/first-aid.md). */}
      <p className="household-card__offline">
        <Link to={`/first-aid/card?cat=${catId}`}>Open the card for offline use</Link> ·{' '}
        <Link to="/first-aid">First aid for cats</Link>
      </p>
    </section>
  )
}
