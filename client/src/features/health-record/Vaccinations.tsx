// The health record's vaccinations on /progress: soonest due first, add (a due date is proposed for the
// core vaccines when left empty), delete. The server checks every field; its message is shown as is.
import { type FormEvent, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

/** `catId`: the cat the page shows (else the current cat). */
export function Vaccinations({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.vaccinations.useQuery(cat)
  const refresh = () => utils.record.vaccinations.invalidate()
  const add = trpc.record.addVaccination.useMutation({ onSuccess: refresh })
  const remove = trpc.record.deleteVaccination.useMutation({ onSuccess: refresh })
  const [name, setName] = useState('')
  const [givenOn, setGivenOn] = useState('')
  const [nextDueOn, setNextDueOn] = useState('')

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate(
      { ...cat, name, given_on: givenOn, ...(nextDueOn ? { next_due_on: nextDueOn } : {}) },
      {
        onSuccess: () => {
          setName('')
          setGivenOn('')
          setNextDueOn('')
        },
      },
    )
  }
  return (
    <section className="report__section health-record" aria-labelledby="vaccinations-title">
      <h2 id="vaccinations-title">Vaccinations</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the vaccinations')}</ErrorBox>}
      {query.data?.length === 0 && <p className="muted">No vaccination recorded yet.</p>}
      <ul className="health-record__list">
        {query.data?.map((v) => (
          <li key={v.id}>
            <span>
              <strong>{v.name}</strong>, given {v.given_on}
              {v.next_due_on ? `, next due ${v.next_due_on}` : ''}
            </span>
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={`Delete ${v.name} given ${v.given_on}`}
              onClick={() => remove.mutate({ id: v.id })}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="health-record__form" onSubmit={submit}>
        <label>
          Vaccine
          <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={120} />
        </label>
        <label>
          Given on
          <input type="date" value={givenOn} onChange={(e) => setGivenOn(e.target.value)} required />
        </label>
        <label>
          Next due (optional)
          <input type="date" value={nextDueOn} onChange={(e) => setNextDueOn(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          Add vaccination
        </button>
      </form>
      {add.error && <ErrorBox>{errorMessage(add.error, 'Could not add the vaccination')}</ErrorBox>}
    </section>
  )
}
