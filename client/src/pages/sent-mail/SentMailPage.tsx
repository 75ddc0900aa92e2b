import { Link } from 'react-router'

/** /sent-mail (docs/product.md §2): the e-mail is on its way. */
export function SentMailPage() {
  return (
    <section className="card center sent-mail" aria-labelledby="sent-mail-title">
      <div className="sent-mail__icon" aria-hidden="true">
        <svg
          viewBox="0 0 24 24"
          width="48"
          height="48"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          aria-hidden="true"
        >
          <rect x="3" y="5" width="18" height="14" rx="2" />
          <path d="m3 7 9 6 9-6" />
        </svg>
      </div>
      <h1 id="sent-mail-title">Email Sent</h1>
      <p>Check your inbox or spam folder</p>
      <p>
        <Link to="/login" className="btn btn--secondary">
          Back to sign in
        </Link>
      </p>
    </section>
  )
}
