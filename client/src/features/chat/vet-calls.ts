// Whom the urgency banner asks the owner to call (docs/health-record.md, "Vets in the banner"): the
// cat's saved vets, the 24-hour emergency clinic first for an emergency and the usual vet first for
// what needs a vet today, except after the usual vet's hours (docs/decisions.md: 08:00 to 19:00,
// Monday to Saturday, as no hours are recorded), when the emergency clinic comes first. None saved: no
// one, and the banner keeps its map search.
import type { UrgencyLevel } from '../../../../shared/schemas/conversation.ts'

export interface SavedVet {
  name: string
  phone: string
  address?: string | null | undefined
}
export interface SavedVets {
  usual: SavedVet | null
  emergency: SavedVet | null
}

export { telHref } from '../../../../shared/rules/phone.ts'

/** Outside a usual practice's day, in the owner's own time: before 08:00, from 19:00, or a Sunday. */
export function afterHours(now: Date): boolean {
  const hour = now.getHours()
  return now.getDay() === 0 || hour < 8 || hour >= 19
}

/** The vets to call, in the order the banner lists them; empty when none is saved. */
export function vetsToCall(
  urgency: UrgencyLevel,
  vets: SavedVets | null | undefined,
  now = new Date(),
): Array<SavedVet & { role: 'usual' | 'emergency' }> {
  if (!vets) return []
  const emergency = vets.emergency ? [{ ...vets.emergency, role: 'emergency' as const }] : []
  const usual = vets.usual ? [{ ...vets.usual, role: 'usual' as const }] : []
  const clinicFirst = urgency === 'emergency' || afterHours(now)
  return clinicFirst ? [...emergency, ...usual] : [...usual, ...emergency]
}
