// The first-aid guide's index (docs/first-aid.md): every situation as a large link, the poison lines and
// the emergency card. Kept by the service worker, so it opens with no network.
import { Link } from 'react-router'
import { readFirstAidGuide } from '../../offline-reads.ts'
import { useStoredText } from '../../storage.ts'
import { PoisonLines } from './PoisonLines.tsx'
import { useOfflineRead } from './useOfflineRead.ts'
import './first-aid.css'

export function FirstAidPage() {
  const guide = useOfflineRead(readFirstAidGuide, 'guide')
  const signedIn = useStoredText('token') !== ''
  return (
    <article className="card card--wide first-aid">
      <h1>First aid for cats</h1>
      {guide.state === 'loading' && (
        <p className="muted" role="status">
          Loading the guide…
        </p>
      )}
      {guide.state === 'failed' && <p role="alert">{guide.error}</p>}
      {guide.state === 'ready' && (
        <>
          <p className="first-aid__notice">{guide.data.notice}</p>
          {signedIn && (
            <p>
              <Link className="first-aid__card-link" to="/first-aid/card">
                Your cat's emergency card: conditions, medicines, vets
              </Link>
            </p>
          )}
          <nav aria-label="First-aid situations">
            <ul className="first-aid__list">
              {guide.data.situations.map((situation) => (
                <li key={situation.id}>
                  <Link
                    to={`/first-aid/${situation.id}`}
                    className={`first-aid__item first-aid__item--${situation.level}`}
                  >
                    {situation.title}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <PoisonLines lines={guide.data.poison_lines} />
          <p className="muted">
            Reviewed on {guide.data.reviewed_on}. {guide.data.reviewed_by}
          </p>
        </>
      )}
    </article>
  )
}
