// The cat's emergency card as the first-aid guide carries it (docs/first-aid.md): conditions, medicines,
// the owner and the vets, phones as `tel:` links and addresses as map links. Kept by the service worker
// on this device, so an owner or a sitter can open it with no network; signing out removes it.
import { Link, useSearchParams } from 'react-router'
import { mapsHref, telHref } from '../../../../shared/rules/phone.ts'
import type { Vet } from '../../../../shared/schemas/vets.ts'
import { readEmergencyCard } from '../../offline-reads.ts'
import { useOfflineRead } from './useOfflineRead.ts'
import './first-aid.css'

function VetLine({ title, vet }: { title: string; vet: Vet | null }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>
        {vet ? (
          <>
            {vet.name}:{' '}
            <a className="first-aid__call" href={telHref(vet.phone)}>
              {vet.phone}
            </a>
            {vet.address && (
              <span className="first-aid__address">
                <a href={mapsHref(vet.address)} target="_blank" rel="noopener noreferrer">
                  {vet.address}
                  <span className="sr-only"> (opens a map)</span>
                </a>
              </span>
            )}
          </>
        ) : (
          'Not recorded'
        )}
      </dd>
    </div>
  )
}

export function EmergencyCardPage() {
  const [params] = useSearchParams()
  const raw = params.get('cat')
  const catId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined
  const card = useOfflineRead(() => readEmergencyCard(catId), String(catId ?? 'current'))
  return (
    <article className="card card--wide first-aid">
      <p>
        <Link to="/first-aid">First aid for cats</Link>
      </p>
      <h1>{card.state === 'ready' ? `Emergency card: ${card.data.cat.name}` : 'Emergency card'}</h1>
      {card.state === 'loading' && (
        <p className="muted" role="status">
          Loading the emergency card…
        </p>
      )}
      {card.state === 'failed' && (
        <p role="alert">
          {card.error} <Link to="/login">Sign in</Link> once with a connection to keep the card on this
          device.
        </p>
      )}
      {card.state === 'ready' && (
        <dl className="first-aid__card">
          <div>
            <dt>Conditions</dt>
            <dd>{card.data.conditions.trim() || 'None recorded'}</dd>
          </div>
          <div>
            <dt>Medications</dt>
            <dd>
              {card.data.medications.length === 0 ? (
                'None recorded'
              ) : (
                <ul>
                  {card.data.medications.map((m) => (
                    <li key={`${m.name} ${m.dose}`}>
                      {[m.name, m.dose, m.times.length ? `at ${m.times.join(', ')}` : '']
                        .filter(Boolean)
                        .join(' ')}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </div>
          <VetLine title="Usual vet" vet={card.data.vets.usual} />
          <VetLine title="Emergency clinic" vet={card.data.vets.emergency} />
          <div>
            <dt>Owner</dt>
            <dd>
              {card.data.owner.name.trim() ? `${card.data.owner.name.trim()}, ` : ''}
              <a href={`mailto:${card.data.owner.email}`}>{card.data.owner.email}</a>
            </dd>
          </div>
        </dl>
      )}
    </article>
  )
}
