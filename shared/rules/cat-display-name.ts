// A cat's name as the screens and texts show it, with the fallback for a cat not named yet.
import { FALLBACK_CAT_NAME } from '../constants.ts'
import { catNameOrFallback } from '../scripts.ts'

/** 'Luna', 'Mr. Whiskers', or 'your cat'. */
export function catDisplayName(name: string | null | undefined): string {
  const known = catNameOrFallback(name)
  if (known === FALLBACK_CAT_NAME) return FALLBACK_CAT_NAME
  return known.replace(
    /(^|[\s'-])(\p{Ll})/gu,
    (_m, lead: string, letter: string) => lead + letter.toUpperCase(),
  )
}
