// The cat's documents on /progress: the titles, newest first, each opening its file; add a PDF or a
// photo (the server checks its bytes: PDF, JPEG, PNG or WebP, at most 10 MB), delete.
import { type FormEvent, useState } from 'react'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

const KINDS = ['lab', 'vaccination', 'invoice', 'other'] as const

/** The file as a base64 data URL (what the upload row takes; FileReader works in every browser). */
function dataUrlOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}

/** `catId`: the cat the page shows (else the current cat). */
export function Documents({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.documents.useQuery(cat)
  const refresh = () => utils.record.documents.invalidate()
  const upload = trpc.record.uploadDocument.useMutation({ onSuccess: refresh })
  const remove = trpc.record.deleteDocument.useMutation({ onSuccess: refresh })
  const [title, setTitle] = useState('')
  const [kind, setKind] = useState<(typeof KINDS)[number]>('lab')
  const [file, setFile] = useState<File | null>(null)

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!file) return
    const form = event.currentTarget
    upload.mutate(
      { ...cat, title, kind, data: await dataUrlOf(file), mimetype: file.type },
      {
        onSuccess: () => {
          setTitle('')
          setFile(null)
          form.reset()
        },
      },
    )
  }
  return (
    <section className="report__section health-record" aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the documents')}</ErrorBox>}
      {query.data?.length === 0 && <p className="muted">No document stored yet.</p>}
      <ul className="health-record__list">
        {query.data?.map((d) => (
          <li key={d.id}>
            <span>
              <strong>{d.title}</strong> ({d.kind})
            </span>
            <button
              type="button"
              className="btn btn--ghost"
              aria-label={`Delete ${d.title}`}
              onClick={() => remove.mutate({ id: d.id })}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="health-record__form" onSubmit={(e) => void submit(e)}>
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        </label>
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as (typeof KINDS)[number])}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <label>
          File (PDF or photo, up to 10 MB)
          <input
            type="file"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <button type="submit" className="btn btn--primary" disabled={upload.isPending || !file}>
          Add document
        </button>
      </form>
      {upload.error && <ErrorBox>{errorMessage(upload.error, 'Could not add the document')}</ErrorBox>}
    </section>
  )
}
