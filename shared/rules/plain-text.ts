// One plain spelling of what a person typed, so every text rule (triage, the offline assistant's
// matchers) is written against it: lower-cased, typographic quotes and dashes straightened, one space
// between words.
export function plainText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A text matched literally inside a regular expression (a cat's name, a topic's keyword). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
