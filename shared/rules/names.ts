// Names of an account (docs/product.md §5 full-name splitting, docs/product.md §2 the sidebar greeting).

export interface NameParts {
  firstName: string
  lastName: string
}

function words(text: string): string[] {
  return text.trim().split(/\s+/).filter(Boolean)
}

/** The first word is the first name, the rest the last name (empty if none). */
export function splitFullName(fullName: string): NameParts {
  const [first = '', ...rest] = words(fullName)
  return { firstName: first, lastName: rest.join(' ') }
}

/** First and last name joined by one space, ignoring empty parts. */
export function joinFullName(firstName: string, lastName: string): string {
  return [...words(firstName), ...words(lastName)].join(' ')
}

/** The name the greeting uses: user_metadata.first_name, else the first word of full_name, else ''. */
export function greetingName(meta: { first_name?: unknown; full_name?: unknown } | null | undefined): string {
  const first = typeof meta?.first_name === 'string' ? meta.first_name.trim() : ''
  if (first) return first
  return typeof meta?.full_name === 'string' ? splitFullName(meta.full_name).firstName : ''
}
