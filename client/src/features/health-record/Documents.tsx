// The cat's documents on /progress: the titles, newest first, each opening its file; add a PDF or a
// photo (the server checks its bytes: PDF, JPEG, PNG or WebP, at most 10 MB), edit the title and the
// kind (the add's form, filled in), delete.
import { ErrorBox } from '../../components/ErrorBox.tsx'
import './health-record.css'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'
import { type DocumentFields, DocumentForm, EMPTY_DOCUMENT } from './DocumentForm.tsx'
import { useEditing } from './useEditing.ts'

/** `catId`: the cat the page shows (else the current cat). */
export function Documents({ catId }: { catId?: number } = {}) {
  const cat = catId === undefined ? {} : { cat_id: catId }
  const utils = trpc.useUtils()
  const query = trpc.record.documents.useQuery(cat)
  const refresh = () =>
    Promise.all([utils.record.documents.invalidate(), utils.household.activity.invalidate()])
  // The file goes as multipart/form-data, its bytes as they are (record.uploadDocumentForm).
  const upload = trpc.record.uploadDocumentForm.useMutation({ onSuccess: refresh })
  const update = trpc.record.updateDocument.useMutation({ onSuccess: refresh })
  const remove = trpc.record.deleteDocument.useMutation({ onSuccess: refresh })
  const { editing, start, stop, editButton } = useEditing()

  if (query.error && errorCode(query.error) === 'CAT_NOT_FOUND') return null
  const added = async (f: DocumentFields) => {
    if (!f.file) return false
    const form = new FormData()
    if (catId !== undefined) form.append('cat_id', String(catId))
    form.append('title', f.title)
    form.append('kind', f.kind)
    form.append('file', f.file, f.file.name)
    return upload
      .mutateAsync(form)
      .then(() => true)
      .catch(() => false)
  }
  const saved = (id: number) => (f: DocumentFields) =>
    update
      .mutateAsync({ id, title: f.title, kind: f.kind })
      .then(() => {
        stop()
        return true
      })
      .catch(() => false)
  return (
    <section className="report__section health-record" aria-labelledby="documents-title">
      <h2 id="documents-title">Documents</h2>
      {query.error && <ErrorBox>{errorMessage(query.error, 'Could not load the documents')}</ErrorBox>}
      {query.data?.length === 0 && <p className="muted">No document stored yet.</p>}
      <ul className="health-record__list">
        {query.data?.map((d) =>
          editing === d.id ? (
            <li key={d.id} className="health-record__editing">
              <DocumentForm
                initial={{ title: d.title, kind: d.kind, file: null }}
                label={`Edit ${d.title}`}
                submitLabel="Save"
                pending={update.isPending}
                error={update.error}
                onSubmit={saved(d.id)}
                onCancel={stop}
              />
            </li>
          ) : (
            <li key={d.id}>
              <span>
                <strong>{d.title}</strong> ({d.kind})
              </span>
              <button
                type="button"
                className="btn btn--secondary"
                ref={editButton(d.id)}
                aria-label={`Edit ${d.title}`}
                onClick={() => {
                  update.reset()
                  start(d.id)
                }}
              >
                Edit
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                aria-label={`Delete ${d.title}`}
                onClick={() => remove.mutate({ id: d.id })}
              >
                Delete
              </button>
            </li>
          ),
        )}
      </ul>
      <DocumentForm
        initial={EMPTY_DOCUMENT}
        label="Add a document"
        submitLabel="Add document"
        pending={upload.isPending}
        error={upload.error}
        onSubmit={added}
      />
    </section>
  )
}
