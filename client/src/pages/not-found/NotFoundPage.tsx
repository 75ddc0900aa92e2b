/** SPEC §2: any other path is the plain text 'Not found'. */
export function NotFoundPage() {
  return <p className="not-found">Not found</p>
}
