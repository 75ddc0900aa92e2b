import { AI_DISCLOSURE_RECEPTION, AI_DISCLOSURE_SPECIALIST } from '../../../../shared/constants.ts'

/**
 * The one line every chat screen shows in its header (so it never scrolls away): the assistants are AI,
 * not veterinarians. The receptionist's screens name both personas.
 */
export function AiDisclosure({ reception = false }: { reception?: boolean }) {
  return <p className="ai-disclosure">{reception ? AI_DISCLOSURE_RECEPTION : AI_DISCLOSURE_SPECIALIST}</p>
}
