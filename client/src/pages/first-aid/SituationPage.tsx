// One first-aid situation (docs/first-aid.md): recognise, three or four large numbered steps, what never
// to do, when to go now, and its sources; read aloud on request, and the CPR page beats time.
import { Link, useParams } from 'react-router'
import { readFirstAidGuide } from '../../offline-reads.ts'
import { CprBeat } from './CprBeat.tsx'
import { PoisonLines } from './PoisonLines.tsx'
import { ReadAloud } from './ReadAloud.tsx'
import { useOfflineRead } from './useOfflineRead.ts'
import './first-aid.css'

export function SituationPage() {
  const { id = '' } = useParams()
  const guide = useOfflineRead(readFirstAidGuide, 'guide')
  if (guide.state === 'loading') {
    return (
      <p className="muted" role="status">
        Loading the guide…
      </p>
    )
  }
  if (guide.state === 'failed') return <p role="alert">{guide.error}</p>
  const situation = guide.data.situations.find((entry) => entry.id === id)
  if (!situation) {
    return (
      <article className="card card--wide first-aid">
        <h1>Not in the guide</h1>
        <p>
          <Link to="/first-aid">See every first-aid situation</Link>
        </p>
      </article>
    )
  }
  const titleOf = (other: string) => guide.data.situations.find((entry) => entry.id === other)?.title ?? other
  const spoken = [
    situation.title,
    'Recognise it.',
    ...situation.recognise,
    'What to do.',
    ...situation.act.map((step, index) => `Step ${index + 1}. ${step}`),
    "Don't.",
    ...situation.dont,
    situation.go_now,
  ]
  const poison = ['lily', 'human-painkillers', 'permethrin', 'antifreeze', 'poisoning'].includes(situation.id)
  return (
    <article className={`card card--wide first-aid first-aid--${situation.level}`}>
      <p>
        <Link to="/first-aid">All first-aid situations</Link>
      </p>
      <h1>{situation.title}</h1>
      <p className="first-aid__go-now" role="note">
        {situation.go_now}
      </p>
      <ReadAloud lines={spoken} />
      <section aria-labelledby="recognise-title">
        <h2 id="recognise-title">Recognise it</h2>
        <ul>
          {situation.recognise.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="act-title">
        <h2 id="act-title">What to do</h2>
        <ol className="first-aid__steps">
          {situation.act.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      {situation.cpr && <CprBeat />}
      <section className="first-aid__dont" aria-labelledby="dont-title">
        <h2 id="dont-title">Don't</h2>
        <ul>
          {situation.dont.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {poison && <PoisonLines lines={guide.data.poison_lines} />}
      {situation.see_also.length > 0 && (
        <section aria-labelledby="see-also-title">
          <h2 id="see-also-title">See also</h2>
          <ul>
            {situation.see_also.map((other) => (
              <li key={other}>
                <Link to={`/first-aid/${other}`}>{titleOf(other)}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <footer className="muted first-aid__sources">
        <p>{guide.data.notice}</p>
        <p>Sources (reviewed on {guide.data.reviewed_on}):</p>
        <ul>
          {situation.sources.map((source) => (
            <li key={source.name}>
              {source.url ? (
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.name}
                </a>
              ) : (
                source.name
              )}
            </li>
          ))}
        </ul>
      </footer>
    </article>
  )
}
