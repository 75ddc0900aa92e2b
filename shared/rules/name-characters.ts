// Characters a name may not hold (docs/api.md "Inputs every row shares"): control characters (CR, LF, NUL,
// tab …), bidi overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a name display as
// something else, and zero-width spaces (U+200B, U+FEFF), which make two names look the same. The joiner
// inside emoji sequences (U+200D, as in "🐈‍⬛ Luna") is part of the emoji and stays welcome.
const UNSAFE = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u200B\uFEFF]/u

export const NAME_CHARACTERS_MESSAGE =
  'Names cannot contain control characters, direction overrides or zero-width spaces'

export function hasUnsafeNameCharacters(text: string): boolean {
  return UNSAFE.test(text)
}
