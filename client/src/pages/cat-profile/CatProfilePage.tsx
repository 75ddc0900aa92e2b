import { type ChangeEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { EXPERT_NAME, PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { PROFILE_BREEDS } from '../../../../shared/options.ts'
import { ACTIVATION_FEE_TEXT } from '../../../../shared/rules/pricing.ts'
import {
  type Cat,
  fieldErrors,
  MAX_NAME_LENGTH,
  profileFormSchema,
  type UpdateCatInput,
} from '../../../../shared/schemas/cat.ts'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { useCancelSubscription } from '../../components/payment/cancel-subscription.ts'
import { SelectField } from '../../components/SelectField.tsx'
import { CatSwitcher } from '../../features/household/CatSwitcher.tsx'
import { useCats } from '../../hooks/useCats.ts'
import { writeJson } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'
import { AccountSettings } from '../account/AccountSettings.tsx'

/** Issue 23: what cancelling does, beside SPEC's question (cancellation is immediate, see README). */
const CANCEL_EFFECT = `Your access to ${EXPERT_NAME} ends at once and nothing more is charged; the ${ACTIVATION_FEE_TEXT} trial fee and any payment already made are not refunded.`

/** The profile select's spelling of the cat's breed ('Maine Coon' from the quiz is 'Maine coon'); else Other. */
function profileBreed(breed: string): string {
  if (!breed.trim()) return ''
  return PROFILE_BREEDS.find((b) => b.toLowerCase() === breed.trim().toLowerCase()) ?? 'Other'
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the photo'))
    reader.readAsDataURL(file)
  })
}

/** /cat-profile (SPEC §2 "Cat profile screen", §5): the chosen cat's name, breed and photo (issue 23). */
export function CatProfilePage() {
  const { current, isLoading, error, refetch } = useCats()

  let body: ReactNode
  if (isLoading) {
    body = (
      <p className="muted" role="status">
        Loading your cat's profile…
      </p>
    )
  } else if (error) {
    body = (
      <ErrorBox action={{ label: 'Try again', onClick: () => void refetch() }}>
        {errorMessage(error, DEFAULT_ERRORS.fetchCats)}
      </ErrorBox>
    )
  } else if (!current) {
    body = (
      <div className="notice">
        <p>{ERRORS.noCatFound}</p>
        <Link to="/onboarding?step=1">Tell us about your cat</Link>
      </div>
    )
  } else {
    body = <ProfileForm key={current.id} cat={current} />
  }

  return (
    <div className="profile">
      <section className="card card--wide profile__card" aria-labelledby="profile-title">
        <h1 id="profile-title">Edit Profile</h1>
        <CatSwitcher />
        {body}
      </section>
      <CancelSubscription />
      <AccountSettings />
    </div>
  )
}

function ProfileForm({ cat }: { cat: Cat }) {
  const utils = trpc.useUtils()
  const update = trpc.cat.update.useMutation()
  const photo = trpc.cat.photo.useQuery({ id: cat.id }, { enabled: cat.has_photo })
  const [baseline, setBaseline] = useState(() => ({ name: cat.name, breed: profileBreed(cat.breed) }))
  const [name, setName] = useState(baseline.name)
  const [breed, setBreed] = useState(baseline.breed)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [photoError, setPhotoError] = useState<string | null>(null)
  const [saveError, setSaveError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  // The photo's 'Please choose a photo' waits for an attempt to save (SAVE or Enter), not the first look.
  const [attempted, setAttempted] = useState(false)
  const [hasStoredPhoto, setHasStoredPhoto] = useState(cat.has_photo)
  const nameId = useId()
  const breedId = useId()
  const photoId = useId()

  useEffect(() => {
    if (!file) return
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  const result = profileFormSchema.safeParse({ name, breed, has_photo: file !== null || hasStoredPhoto })
  const errors = fieldErrors(result.error)
  const changed = name !== baseline.name || breed !== baseline.breed || file !== null
  const shownPhoto = (file && preview) || photo.data?.data_url || null
  const canSave = changed && result.success && !update.isPending
  const missingPhoto = !hasStoredPhoto && !file && errors.has_photo

  /** A save that cannot happen yet: say what is missing and take the owner to the first such field. */
  function explainWhyNotSaved() {
    setAttempted(true)
    const firstInvalid = errors.name ? nameId : errors.breed ? breedId : missingPhoto ? photoId : null
    if (firstInvalid) document.getElementById(firstInvalid)?.focus()
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
  }

  async function save() {
    setSaveError(null)
    setSaved(false)
    try {
      const input: UpdateCatInput = { id: cat.id }
      if (name !== baseline.name) input.name = name
      if (breed !== baseline.breed) input.breed = breed
      if (file)
        input.photo = { buffer: await readAsDataUrl(file), mimetype: file.type, originalname: file.name }
      const updated = await update.mutateAsync(input)
      writeJson('catDetails', updated)
      setBaseline({ name: updated.name, breed: profileBreed(updated.breed) })
      setName(updated.name)
      setBreed(profileBreed(updated.breed))
      setHasStoredPhoto(updated.has_photo)
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

  return (
    <form
      className="stack profile__form"
      onSubmit={(event) => {
        event.preventDefault()
        if (canSave) void save()
        else if (!update.isPending) explainWhyNotSaved()
      }}
    >
      <div className="field">
        <label htmlFor={nameId}>Cat name</label>
        <input
          id={nameId}
          className="input"
          value={name}
          maxLength={MAX_NAME_LENGTH}
          autoComplete="off"
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${nameId}-error` : undefined}
          onChange={(e) => {
            setName(e.target.value)
            setSaved(false)
          }}
        />
        {errors.name && (
          <p id={`${nameId}-error`} className="field-error">
            {errors.name}
          </p>
        )}
      </div>

      <SelectField
        id={breedId}
        label="Breed"
        value={breed}
        placeholder="Select breed"
        placeholderDisabled
        options={PROFILE_BREEDS}
        error={errors.breed}
        onChange={(e) => {
          setBreed(e.target.value)
          setSaved(false)
        }}
      />

      <div className="field">
        <span className="field__label" id={`${photoId}-label`}>
          Photo
        </span>
        <div className={shownPhoto ? 'photo-area' : 'photo-area photo-area--empty'}>
          {shownPhoto ? (
            <img src={shownPhoto} alt={name || 'Your cat'} className="photo-area__image" />
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
        {(photoError || (attempted && missingPhoto)) && (
          <p className="field-error" role="alert">
            {photoError ?? errors.has_photo}
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

/** 'CANCEL SUBSCRIPTION' and its confirmation (SPEC §2); the cancelling itself is the billing module's. */
function CancelSubscription() {
  const cancelSubscription = useCancelSubscription()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const opener = useRef<HTMLButtonElement>(null)

  function close() {
    if (busy) return
    setOpen(false)
    setError(null)
    opener.current?.focus()
  }

  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      await cancelSubscription()
      navigate('/paywall')
    } catch (failure) {
      console.error('Cancelling the subscription failed', failure)
      setError(failure instanceof Error && failure.message ? failure.message : DEFAULT_ERRORS.cancelPlan)
      setBusy(false)
    }
  }

  return (
    <>
      <div className="profile__cancel">
        <button ref={opener} type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
          CANCEL SUBSCRIPTION
        </button>
      </div>
      {open && (
        <ConfirmDialog
          title="Cancel Subscription?"
          error={error}
          busy={busy}
          confirmLabel="Yes, Cancel"
          busyLabel="Cancelling..."
          cancelLabel="Keep Subscription"
          onConfirm={() => void confirm()}
          onCancel={close}
          note={CANCEL_EFFECT}
        >
          Are you sure you want to cancel your subscription? We'll miss you!
        </ConfirmDialog>
      )}
    </>
  )
}
