// How urgent the specialist judged a reply, shown above it. An emergency gets a banner, a reply
// that needs a vet within 24 hours a softer note; both link to a map search for a 24-hour emergency vet
// that opens on the map provider's site: nothing about the owner or where they are is sent to us.
import type { UrgencyLevel } from '../../../../shared/schemas/conversation.ts'

export const EMERGENCY_VET_SEARCH_URL = 'https://www.google.com/maps/search/24+hour+emergency+vet'

const TEXT = {
  emergency: { label: 'Emergency', title: 'This may be an emergency: please go to a vet now.' },
  urgent: { label: 'See a vet today', title: 'This needs a vet within 24 hours.' },
} as const

export function UrgencyBanner({ urgency }: { urgency?: UrgencyLevel | undefined }) {
  if (urgency !== 'emergency' && urgency !== 'urgent') return null
  const text = TEXT[urgency]
  return (
    <div className={`urgency urgency--${urgency}`} role="note" aria-label={text.label}>
      <p className="urgency__title">{text.title}</p>
      <a className="urgency__link" href={EMERGENCY_VET_SEARCH_URL} target="_blank" rel="noopener noreferrer">
        Find a 24-hour emergency vet<span className="sr-only"> (opens a map in a new tab)</span>
      </a>
    </div>
  )
}
