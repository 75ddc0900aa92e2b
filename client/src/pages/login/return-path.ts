// Where a sign-in returns to when a page sent the visitor to sign in first (an invitation's link,
// docs/household.md): a path of this app only, never another site (an open redirect).

/** The login page, returning to `path` (a path with its query) once signed in. */
export function loginPathReturningTo(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`
}

/** `next` when it is a path of this app ("/…", not "//host" nor "/\host"), else null. */
export function returnPath(next: string | null): string | null {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null
  return next
}
