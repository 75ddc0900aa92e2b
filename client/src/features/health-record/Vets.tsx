// The cat's usual and emergency vets on /progress: shown, and saved (both at once; an empty name clears one).
import { type FormEvent, useEffect, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

type Which = 'usual' | 'emergency'
const LABEL: Record<Which, string> = { usual: 'Usual vet', emergency: 'Emergency vet' }
const empty = { name: '', phone: '', address: '' }

/** `catId`: the cat the page shows (else the current cat). */
export function Vets({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.vets.useQuery(cat)
  const save = trpc.record.updateVets.useMutation({ onSuccess: () => utils.record.vets.invalidate() })
  const [form, setForm] = useState({ usual: empty, emergency: empty })
  useEffect(() => {
    if (!query.data) return
    const fill = (vet: { name: string; phone: string; address: string | null } | null) =>
      vet ? { name: vet.name, phone: vet.phone, address: vet.address ?? '' } : empty
    setForm({ usual: fill(query.data.usual), emergency: fill(query.data.emergency) })
  }, [query.data])

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const vetOf = (which: Which) => {
    const vet = form[which]
    if (!vet.name.trim()) return null
    return { name: vet.name, phone: vet.phone, ...(vet.address.trim() ? { address: vet.address } : {}) }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ ...cat, usual: vetOf('usual'), emergency: vetOf('emergency') })
  }
  const set = (which: Which, field: keyof typeof empty, value: string) =>
    setForm((f) => ({ ...f, [which]: { ...f[which], [field]: value } }))
  return (
    <section className="report__section health-record" aria-labelledby="vets-title">
      <h2 id="vets-title">Vets</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the vets')}</ErrorBox>}
      <form onSubmit={submit} className="stack">
        {(['usual', 'emergency'] as const).map((which) => (
          <fieldset key={which} className="health-record__form">
            <legend>{LABEL[which]}</legend>
            <label>
              {`${LABEL[which]} name`}
              <input
                value={form[which].name}
                onChange={(e) => set(which, 'name', e.target.value)}
                maxLength={120}
              />
            </label>
            <label>
              {`${LABEL[which]} phone`}
              <input
                type="tel"
                value={form[which].phone}
                onChange={(e) => set(which, 'phone', e.target.value)}
                required={form[which].name.trim() !== ''}
              />
            </label>
            <label>
              {`${LABEL[which]} address`}
              <input value={form[which].address} onChange={(e) => set(which, 'address', e.target.value)} />
            </label>
          </fieldset>
        ))}
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          Save vets
        </button>
        {save.isSuccess && <p role="status">Saved.</p>}
      </form>
      {save.error && <ErrorBox>{errorMessage(save.error, 'Could not save the vets')}</ErrorBox>}
    </section>
  )
}
