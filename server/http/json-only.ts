// Both surfaces take JSON bodies only (docs/api.md "Inputs every row shares"): one
// rule for what counts as JSON.

/** True when a body declares a type and it is not JSON (415). A body with no type is read as JSON. */
export function isNonJsonBody(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType !== '' && !/^application\/json\b/i.test(contentType)
}
