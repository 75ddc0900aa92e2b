import { Link } from 'react-router'

/** docs/product.md §2: any other path shows 'Not found' (the server answers it with the status 404). */
export function NotFoundPage() {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Not found</h1>
      <p className="muted">There is no page at this address.</p>
      <Link to="/" className="btn btn--primary">
        Back to Kitty Care
      </Link>
    </section>
  )
}
