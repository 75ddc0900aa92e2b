// The health record's medications on /progress: each with its dose times, the doses missed and a button
// to log a dose; add (a reminder goes at each time), delete (its reminders stop).
import { type FormEvent, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' })

/** `catId`: the cat the page shows (else the current cat). */
export function Medications({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.medications.useQuery(cat)
  const refresh = () => utils.record.medications.invalidate()
  const add = trpc.record.addMedication.useMutation({ onSuccess: refresh })
  const remove = trpc.record.deleteMedication.useMutation({ onSuccess: refresh })
  const logDose = trpc.record.logDose.useMutation({ onSuccess: refresh })
  const [name, setName] = useState('')
  const [dose, setDose] = useState('')
  const [times, setTimes] = useState('08:00')

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const list = times
      .split(/[,\s]+/)
      .map((time) => time.trim())
      .filter(Boolean)
    add.mutate(
      { ...cat, name, dose, times: list },
      {
        onSuccess: () => {
          setName('')
          setDose('')
        },
      },
    )
  }
  return (
    <section className="report__section health-record" aria-labelledby="medications-title">
      <h2 id="medications-title">Medications</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the medications')}</ErrorBox>}
      {query.data?.length === 0 && <p className="muted">No medication recorded yet.</p>}
      <ul className="health-record__list">
        {query.data?.map((m) => (
          <li key={m.id}>
            <span>
              <strong>{m.name}</strong>: {m.dose} at {m.times.join(', ')}
              {m.missed_doses.length > 0 && (
                <span className="health-record__missed">
                  {' '}
                  Missed: {m.missed_doses.map((d) => when(d.due_at)).join(', ')}
                </span>
              )}
            </span>
            <button type="button" className="btn btn--secondary" onClick={() => logDose.mutate({ id: m.id })}>
              Log a dose
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={`Delete ${m.name}`}
              onClick={() => remove.mutate({ id: m.id })}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="health-record__form" onSubmit={submit}>
        <label>
          Medication
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
        </label>
        <label>
          Dose
          <input value={dose} onChange={(e) => setDose(e.target.value)} required maxLength={120} />
        </label>
        <label>
          Times (HH:MM, comma-separated)
          <input value={times} onChange={(e) => setTimes(e.target.value)} required />
        </label>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          Add medication
        </button>
      </form>
      {add.error && <ErrorBox>{errorMessage(add.error, 'Could not add the medication')}</ErrorBox>}
    </section>
  )
}
