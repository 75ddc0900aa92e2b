// Whom the urgency banner asks the owner to call (docs/health-record.md, "Vets in the banner"): the
// cat's saved vets, the 24-hour emergency clinic first for an emergency and the usual vet first for
// what needs a vet today. None saved: no one, and the banner keeps its map search.
import type { UrgencyLevel } from '../../../../shared/schemas/conversation.ts'

export interface SavedVet {
  name: string
  phone: string
}
export interface SavedVets {
  usual: SavedVet | null
  emergency: SavedVet | null
}

/**
 * A `tel:` URI (RFC 3966) of a phone as owners write it: its digits and a leading +, an extension as
 * `;ext=`. Spaces, dots and brackets are left out (a phone's dialler ignores them, some refuse them).
 */
export function telHref(phone: string): string {
  const [, main = phone, extension] = /^(.*?)(?:\s*(?:x|ext\.?)\s*(\d+))?$/i.exec(phone.trim()) ?? []
  const digits = main.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '')
  return `tel:${digits}${extension ? `;ext=${extension}` : ''}`
}

/** The vets to call, in the order the banner lists them; empty when none is saved. */
export function vetsToCall(
  urgency: UrgencyLevel,
  vets: SavedVets | null | undefined,
): Array<SavedVet & { role: 'usual' | 'emergency' }> {
  if (!vets) return []
  const emergency = vets.emergency ? [{ ...vets.emergency, role: 'emergency' as const }] : []
  const usual = vets.usual ? [{ ...vets.usual, role: 'usual' as const }] : []
  return urgency === 'emergency' ? [...emergency, ...usual] : [...usual, ...emergency]
}
