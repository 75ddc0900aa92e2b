import { zodResolver } from '@hookform/resolvers/zod'
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { PHOTO_MAX_BYTES, PHOTO_TYPES, SIGNED_URL_FRESH_MS } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { CAT_BREEDS } from '../../../../shared/options.ts'
import {
  type Cat,
  MAX_NAME_LENGTH,
  profileFormSchema,
  type UpdateCatInput,
} from '../../../../shared/schemas/cat.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
import { TextField } from '../../components/TextField.tsx'
import { writeJson } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'

/** The form's fields as typed; `has_photo` is a stored photo or a chosen file (the schema wants one). */
interface ProfileFields {
  name: string
  breed: string
  has_photo: boolean
}

/** The profile select's spelling of the cat's breed ('Maine Coon' from the quiz is 'Maine coon'); else Other. */
function profileBreed(breed: string): string {
  if (!breed.trim()) return ''
  return CAT_BREEDS.find((b) => b.toLowerCase() === breed.trim().toLowerCase()) ?? 'Other'
}

function fieldsOf(cat: Cat): ProfileFields {
  return { name: cat.name, breed: profileBreed(cat.breed), has_photo: cat.has_photo }
}

/** The save's fields that changed and the chosen photo, as cat.updateForm takes them. */
function photoForm(input: UpdateCatInput, photo: File): FormData {
  const form = new FormData()
  form.append('id', String(input.id))
  if (input.name !== undefined) form.append('name', input.name)
  if (input.breed !== undefined) form.append('breed', input.breed)
  form.append('photo', photo, photo.name)
  return form
}

/**
 * The chosen cat's name, breed and photo (docs/product.md §2, §5): react-hook-form
 * over the shared profile schema.
 */
export function ProfileForm({ cat }: { cat: Cat }) {
  const utils = trpc.useUtils()
  const update = trpc.cat.update.useMutation()
  // A save with a new photo: multipart/form-data, the file as bytes (cat.updateForm).
  const updateWithPhoto = trpc.cat.updateForm.useMutation()
  const saving = update.isPending || updateWithPhoto.isPending
  // A signed address the <img> loads; asked afresh before it expires (docs/api.md "Photos and documents").
  const photo = trpc.cat.photo.useQuery(
    { id: cat.id },
    { enabled: cat.has_photo, staleTime: SIGNED_URL_FRESH_MS },
  )
  const form = useForm<ProfileFields>({
    resolver: zodResolver(profileFormSchema as never),
    mode: 'all',
    defaultValues: fieldsOf(cat),
    // The photo is no registered input: explainWhyNotSaved focuses the first missing field itself.
    shouldFocusError: false,
  })
  const { errors, isDirty, isValid, isSubmitted, defaultValues } = form.formState
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const nameId = useId()
  const breedId = useId()
  const photoId = useId()

  // Each field's message shows from the first look (a stored cat with no breed says so at once).
  useEffect(() => {
    void form.trigger()
  }, [form])

  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const changed = isDirty || file !== null
  const shownPhoto = (file && preview) || photo.data?.url || null
  const canSave = changed && isValid && !saving
  // The photo's 'Please choose a photo' waits for an attempt to save (SAVE or Enter), not the first look.
  const missingPhoto = isSubmitted ? errors.has_photo?.message : undefined

  /** A save that cannot happen yet: say what is missing and take the owner to the first such field. */
  function explainWhyNotSaved(invalid: FieldErrors<ProfileFields>) {
    if (invalid.name) form.setFocus('name')
    else if (invalid.breed) form.setFocus('breed')
    else if (invalid.has_photo) document.getElementById(photoId)?.focus()
  }

  function choosePhoto(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0]
    event.target.value = ''
    setSaved(false)
    if (!chosen) return
    if (!(PHOTO_TYPES as readonly string[]).includes(chosen.type)) return setPhotoError(ERRORS.photoType)
    if (chosen.size > PHOTO_MAX_BYTES) return setPhotoError(ERRORS.photoTooLarge)
    setPhotoError(null)
    setFile(chosen)
    form.setValue('has_photo', true, { shouldValidate: true })
  }

  async function save() {
    setSaveError(null)
    setSaved(false)
    try {
      // As typed (the schema's trimming is the server's to do again), and only what changed.
      const { name, breed } = form.getValues()
      const input: UpdateCatInput = { id: cat.id }
      if (name !== defaultValues?.name) input.name = name
      if (breed !== defaultValues?.breed) input.breed = breed
      const updated = file
        ? await updateWithPhoto.mutateAsync(photoForm(input, file))
        : await update.mutateAsync(input)
      writeJson('catDetails', updated)
      form.reset(fieldsOf(updated))
      setSaved(true)
      if (file) await utils.cat.photo.invalidate({ id: cat.id })
      setFile(null)
      await utils.cat.list.invalidate()
    } catch (error) {
      // docs/product.md §8 logs a failed update; the screen also says so, and keeps everything typed.
      console.error('Updating the cat profile failed', error)
      setSaveError(errorMessage(error, DEFAULT_ERRORS.updateCat))
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    // A valid form with nothing changed has nothing to save and nothing to explain.
    void form.handleSubmit(() => (changed ? save() : undefined), explainWhyNotSaved)(event)
  }

  const onEdit = { onChange: () => setSaved(false) }
  return (
    <form className="stack profile__form" onSubmit={submit}>
      <TextField
        id={nameId}
        label="Cat name"
        maxLength={MAX_NAME_LENGTH}
        autoComplete="off"
        error={errors.name?.message}
        errorAlert={false}
        {...form.register('name', onEdit)}
      />

      <SelectField
        id={breedId}
        label="Breed"
        placeholder="Select breed"
        placeholderDisabled
        options={CAT_BREEDS}
        error={errors.breed?.message}
        {...form.register('breed', onEdit)}
      />

      <div className="field">
        <span className="field__label" id={`${photoId}-label`}>
          Photo
        </span>
        <div className={shownPhoto ? 'photo-area' : 'photo-area photo-area--empty'}>
          {shownPhoto ? (
            <img src={shownPhoto} alt={form.watch('name') || 'Your cat'} className="photo-area__image" />
          ) : (
            <span className="muted">{photo.isLoading ? 'Loading photo…' : 'No photo yet'}</span>
          )}
        </div>
        <p className="muted" id={`${photoId}-hint`}>
          Use a photo of at least 256x256 px, PNG or JPG.
        </p>
        <div className="row">
          <label htmlFor={photoId} className="btn btn--secondary profile__upload">
            Upload photo
          </label>
          <input
            id={photoId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            className="sr-only"
            aria-describedby={`${photoId}-hint`}
            onChange={choosePhoto}
          />
          {file && <span className="muted">{file.name}</span>}
        </div>
        {(photoError || missingPhoto) && (
          <p className="field-error" role="alert">
            {photoError ?? missingPhoto}
          </p>
        )}
        {photo.error && (
          <p className="field-error">{errorMessage(photo.error, 'Could not load the photo')}</p>
        )}
      </div>

      {saveError && <ErrorBox>{saveError}</ErrorBox>}
      {saved && (
        <p className="notice" role="status">
          Profile saved.
        </p>
      )}

      {/* docs/product.md §5: usable only when something changed and the form is valid. aria-disabled
          rather than disabled, so a click still reaches the form and explains what is missing. */}
      <button
        type="submit"
        className="btn btn--primary"
        aria-disabled={canSave ? undefined : true}
        disabled={saving}
      >
        {saving ? 'Saving...' : 'SAVE PROFILE'}
      </button>
    </form>
  )
}
