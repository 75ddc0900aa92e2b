// How urgent the specialist judged a reply, shown above it. An emergency gets a banner, a reply
// that needs a vet within 24 hours a softer note. Both name the cat's saved vets with a `tel:` link
// ("Call Oakwood Vets now: …"; the 24-hour clinic first for an emergency or after hours, the usual vet
// first otherwise: docs/health-record.md) and the address as a map link, and link to the first-aid
// situation for the sign found (docs/first-aid.md). With no vet saved they link to a map search for a
// 24-hour emergency vet that opens on the map provider's site (nothing about the owner or where they
// are is sent to us), and offer to save the vet.
import { Link } from 'react-router'
import { mapsHref } from '../../../../shared/rules/phone.ts'
import type { UrgencyLevel } from '../../../../shared/schemas/conversation.ts'
import { type SavedVets, telHref, vetsToCall } from './vet-calls.ts'

export const EMERGENCY_VET_SEARCH_URL = 'https://www.google.com/maps/search/24+hour+emergency+vet'
/** Where the cat's vets are saved (the Care page's Vets section). */
export const ADD_VET_PATH = '/care#vets-title'

const TEXT = {
  emergency: { label: 'Emergency', title: 'This may be an emergency: please go to a vet now.' },
  urgent: { label: 'See a vet today', title: 'This needs a vet within 24 hours.' },
} as const

const ROLE = { usual: 'your usual vet', emergency: '24-hour emergency clinic' } as const

export function UrgencyBanner({
  urgency,
  vets,
  firstAid,
}: {
  urgency?: UrgencyLevel | undefined
  /** The cat's saved vets (null or absent: none known, the map search is shown). */
  vets?: SavedVets | null | undefined
  /** The first-aid situation for the sign found; absent: the guide's index. */
  firstAid?: string | undefined
}) {
  if (urgency !== 'emergency' && urgency !== 'urgent') return null
  const text = TEXT[urgency]
  const calls = vetsToCall(urgency, vets)
  return (
    <div className={`urgency urgency--${urgency}`} role="note" aria-label={text.label}>
      <p className="urgency__title">{text.title}</p>
      {calls.length > 0 ? (
        <ul className="urgency__calls">
          {calls.map((vet, i) => (
            <li key={vet.role}>
              <a className="urgency__link" href={telHref(vet.phone)}>
                {i === 0 ? `Call ${vet.name} now: ${vet.phone}` : `Or call ${vet.name}: ${vet.phone}`}
              </a>{' '}
              <span className="urgency__role">({ROLE[vet.role]})</span>
              {vet.address && (
                <>
                  {' '}
                  <a
                    className="urgency__map"
                    href={mapsHref(vet.address)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {vet.address}
                    <span className="sr-only"> (opens a map in a new tab)</span>
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="urgency__calls">
          <a
            className="urgency__link"
            href={EMERGENCY_VET_SEARCH_URL}
            target="_blank"
            rel="noopener noreferrer"
          >
            Find a 24-hour emergency vet<span className="sr-only"> (opens a map in a new tab)</span>
          </a>{' '}
          <Link className="urgency__add-vet" to={ADD_VET_PATH}>
            Save your vet's number for next time
          </Link>
        </p>
      )}
      <Link className="urgency__first-aid" to={firstAid ? `/first-aid/${firstAid}` : '/first-aid'}>
        {firstAid ? 'First aid for this, step by step' : 'First aid, step by step'}
      </Link>
    </div>
  )
}
