// The health record's medications on /progress: each with its dose times, the doses missed and a button
// to log a dose; add (a reminder goes at each time), edit (the add's form, filled in; changed times or
// dates re-plan the next dose on the server), delete (its reminders stop).
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { EMPTY_MEDICATION, type MedicationFields, MedicationForm, timeList } from './MedicationForm.tsx'
import { useEditing } from './useEditing.ts'

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' })
const optional = (text: string) => text.trim() || null

/** `catId`: the cat the page shows (else the current cat). */
export function Medications({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.medications.useQuery(cat)
  // A dose logged or a change shows in the household's activity too (docs/household.md).
  const refresh = () =>
    Promise.all([utils.record.medications.invalidate(), utils.household.activity.invalidate()])
  const add = trpc.record.addMedication.useMutation({ onSuccess: refresh })
  const update = trpc.record.updateMedication.useMutation({ onSuccess: refresh })
  const remove = trpc.record.deleteMedication.useMutation({ onSuccess: refresh })
  const logDose = trpc.record.logDose.useMutation({ onSuccess: refresh })
  const { editing, start, stop, editButton } = useEditing()

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const added = (f: MedicationFields) =>
    add
      .mutateAsync({
        ...cat,
        name: f.name,
        dose: f.dose,
        times: timeList(f.times),
        ...(f.start_on ? { start_on: f.start_on } : {}),
        ...(f.end_on ? { end_on: f.end_on } : {}),
        ...(optional(f.notes) ? { notes: f.notes } : {}),
      })
      .then(() => true)
      .catch(() => false)
  const saved = (id: number) => (f: MedicationFields) =>
    update
      .mutateAsync({
        id,
        name: f.name,
        dose: f.dose,
        times: timeList(f.times),
        start_on: f.start_on,
        end_on: f.end_on || null,
        notes: optional(f.notes),
      })
      .then(() => {
        stop()
        return true
      })
      .catch(() => false)
  return (
    <section className="report__section health-record" aria-labelledby="medications-title">
      <h2 id="medications-title">Medications</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the medications')}</ErrorBox>}
      {query.data?.length === 0 && <p className="muted">No medication recorded yet.</p>}
      <ul className="health-record__list">
        {query.data?.map((m) =>
          editing === m.id ? (
            <li key={m.id} className="health-record__editing">
              <MedicationForm
                initial={{
                  name: m.name,
                  dose: m.dose,
                  times: m.times.join(', '),
                  start_on: m.start_on,
                  end_on: m.end_on ?? '',
                  notes: m.notes ?? '',
                }}
                label={`Edit ${m.name}`}
                submitLabel="Save"
                pending={update.isPending}
                error={update.error}
                onSubmit={saved(m.id)}
                onCancel={stop}
              />
            </li>
          ) : (
            <li key={m.id}>
              <span>
                <strong>{m.name}</strong>: {m.dose} at {m.times.join(', ')}
                {m.end_on ? `, until ${m.end_on}` : ''}
                {m.missed_doses.length > 0 && (
                  <span className="health-record__missed">
                    {' '}
                    Missed: {m.missed_doses.map((d) => when(d.due_at)).join(', ')}
                  </span>
                )}
              </span>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => logDose.mutate({ id: m.id })}
              >
                Log a dose
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                ref={editButton(m.id)}
                aria-label={`Edit ${m.name}`}
                onClick={() => {
                  update.reset()
                  start(m.id)
                }}
              >
                Edit
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
          ),
        )}
      </ul>
      <MedicationForm
        initial={EMPTY_MEDICATION}
        label="Add a medication"
        submitLabel="Add medication"
        pending={add.isPending}
        error={add.error}
        onSubmit={added}
      />
    </section>
  )
}
