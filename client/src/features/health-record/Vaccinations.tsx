// The health record's vaccinations on /progress: soonest due first, add (a due date is proposed for the
// core vaccines when left empty), edit (the add's form, filled in; a changed due date re-plans the
// reminders on the server), delete. The server checks every field; its refusal is shown in the form's words.
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { useEditing } from './useEditing.ts'
import { EMPTY_VACCINATION, type VaccinationFields, VaccinationForm } from './VaccinationForm.tsx'

const optional = (text: string) => text.trim() || null

/** `catId`: the cat the page shows (else the current cat). */
export function Vaccinations({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.vaccinations.useQuery(cat)
  const refresh = () =>
    Promise.all([utils.record.vaccinations.invalidate(), utils.household.activity.invalidate()])
  const add = trpc.record.addVaccination.useMutation({ onSuccess: refresh })
  const update = trpc.record.updateVaccination.useMutation({ onSuccess: refresh })
  const remove = trpc.record.deleteVaccination.useMutation({ onSuccess: refresh })
  const { editing, start, stop, editButton } = useEditing()

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const added = (f: VaccinationFields) =>
    add
      .mutateAsync({
        ...cat,
        name: f.name,
        given_on: f.given_on,
        ...(f.next_due_on ? { next_due_on: f.next_due_on } : {}),
        ...(optional(f.clinic) ? { clinic: f.clinic } : {}),
        ...(optional(f.notes) ? { notes: f.notes } : {}),
      })
      .then(() => true)
      .catch(() => false)
  const saved = (id: number) => (f: VaccinationFields) =>
    update
      .mutateAsync({
        id,
        name: f.name,
        given_on: f.given_on,
        next_due_on: f.next_due_on || null,
        clinic: optional(f.clinic),
        notes: optional(f.notes),
      })
      .then(() => {
        stop()
        return true
      })
      .catch(() => false)
  return (
    <section className="report__section health-record" aria-labelledby="vaccinations-title">
      <h2 id="vaccinations-title">Vaccinations</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the vaccinations')}</ErrorBox>}
      {query.data?.length === 0 && <p className="muted">No vaccination recorded yet.</p>}
      <ul className="health-record__list">
        {query.data?.map((v) =>
          editing === v.id ? (
            <li key={v.id} className="health-record__editing">
              <VaccinationForm
                initial={{
                  name: v.name,
                  given_on: v.given_on,
                  next_due_on: v.next_due_on ?? '',
                  clinic: v.clinic ?? '',
                  notes: v.notes ?? '',
                }}
                label={`Edit ${v.name}`}
                submitLabel="Save"
                pending={update.isPending}
                error={update.error}
                onSubmit={saved(v.id)}
                onCancel={stop}
              />
            </li>
          ) : (
            <li key={v.id}>
              <span>
                <strong>{v.name}</strong>, given {v.given_on}
                {v.next_due_on ? `, next due ${v.next_due_on}` : ''}
                {v.clinic ? ` at ${v.clinic}` : ''}
                {v.notes && <span className="health-record__notes"> {v.notes}</span>}
              </span>
              <button
                type="button"
                className="btn btn--secondary"
                ref={editButton(v.id)}
                aria-label={`Edit ${v.name} given ${v.given_on}`}
                onClick={() => {
                  update.reset()
                  start(v.id)
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={`Delete ${v.name} given ${v.given_on}`}
                onClick={() => remove.mutate({ id: v.id })}
              >
                Delete
              </button>
            </li>
          ),
        )}
      </ul>
      <VaccinationForm
        initial={EMPTY_VACCINATION}
        label="Add a vaccination"
        submitLabel="Add vaccination"
        pending={add.isPending}
        error={add.error}
        onSubmit={added}
      />
    </section>
  )
}
