// Characters a name may not hold (docs/api.md "Inputs every row shares"): control characters (CR, LF, NUL,
// tab, C1 …), the line and paragraph separators (U+2028, U+2029: a line break by another name), every
// invisible format character (Unicode's Cf: bidi marks, overrides and isolates such as U+200E, U+202E,
// U+061C, U+2066; zero-width spaces and non-joiners U+200B, U+200C, U+2060, U+FEFF; the soft hyphen),
// which make a name display as something else or two names look the same, and lone surrogates (half a
// UTF-16 pair, not a character). Two format characters are parts of emoji and stay welcome: the joiner
// (U+200D, as in "🐈‍⬛ Luna") and the tag characters of subdivision flags (U+E0020–U+E007F).
const UNSAFE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|(?![\u200D\u{E0020}-\u{E007F}])\p{Cf}/u

export const NAME_CHARACTERS_MESSAGE =
  'Names cannot contain control characters, line separators, direction marks or invisible characters'

export function hasUnsafeNameCharacters(text: string): boolean {
  return UNSAFE.test(text)
}
