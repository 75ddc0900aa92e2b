import { zodResolver } from '@hookform/resolvers/zod'
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { PROFILE_BREEDS } from '../../../../shared/options.ts'
import {
  type Cat,
  MAX_NAME_LENGTH,
  profileFormSchema,
  type UpdateCatInput,
} from '../../../../shared/schemas/cat.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
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
  return PROFILE_BREEDS.find((b) => b.toLowerCase() === breed.trim().toLowerCase()) ?? 'Other'
}

function fieldsOf(cat: Cat): ProfileFields {
  return { name: cat.name, breed: profileBreed(cat.breed), has_photo: cat.has_photo }
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'))
    reader.readAsDataURL(file)
  })
}

/** The chosen cat's name, breed and photo (SPEC §2, §5): react-hook-form over the shared profile schema. */
export function ProfileForm({ cat }: { cat: Cat }) {
  const utils = trpc.useUtils()
  const update = trpc.cat.update.useMutation()
  const photo = trpc.cat.photo.useQuery({ id: cat.id }, { enabled: cat.has_photo })
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
  const shownPhoto = (file && preview) || photo.data?.data_url || null
  const canSave = changed && isValid && !update.isPending
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
      if (file)
        input.photo = { buffer: await readAsDataUrl(file), mimetype: file.type, originalname: file.name }
      const updated = await update.mutateAsync(input)
      writeJson('catDetails', updated)
      form.reset(fieldsOf(updated))
      setSaved(true)
      if (file) await utils.cat.photo.invalidate({ id: cat.id })
      setFile(null)
      await utils.cat.list.invalidate()
    } catch (error) {
      // SPEC §8 logs a failed update; the screen also says so, and keeps everything typed.
      console.error('Updating the cat profile failed', error)
      setSaveError(errorMessage(error, DEFAULT_ERRORS.updateCat))
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (update.isPending) return
    // A valid form with nothing changed has nothing to save and nothing to explain.
    void form.handleSubmit(() => (changed ? save() : undefined), explainWhyNotSaved)(event)
  }

  const onEdit = { onChange: () => setSaved(false) }
  return (
    <form className="stack profile__form" onSubmit={submit}>
      <div className="field">
        <label htmlFor={nameId}>Cat name</label>
        <input
          id={nameId}
          className="input"
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          {...form.register('name', onEdit)}
        />
        {errors.name && (
          <p id={`${nameId}-error`} className="field-error">
            {errors.name.message}
          </p>
        )}
      </div>

      <SelectField
        id={breedId}
        label="Breed"
        placeholder="Select breed"
        placeholderDisabled
        options={PROFILE_BREEDS}
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

      {/* SPEC §5: usable only when something changed and the form is valid. aria-disabled rather than
          disabled, so a click still reaches the form and explains what is missing. */}
      <button
        type="submit"
        className="btn btn--primary"
        aria-disabled={canSave ? undefined : true}
        disabled={update.isPending}
      >
        {update.isPending ? 'Saving...' : 'SAVE PROFILE'}
      </button>
    </form>
  )
}
