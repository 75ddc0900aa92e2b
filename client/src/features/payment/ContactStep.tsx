import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useId } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { ERRORS } from '../../../../shared/errors.ts'
import { type ContactForm, contactFormSchema } from '../../../../shared/schemas/billing.ts'
import { EmailField } from '../../components/EmailField.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { SelectField } from '../../components/SelectField.tsx'
import { TextField } from '../../components/TextField.tsx'
import { COUNTRIES, regionsOf } from './countries.ts'
import type { ContactDetails } from './validation.ts'

export interface ContactStepProps {
  value: ContactDetails
  /** Told on every change, so what was typed survives closing and reopening the modal. */
  onChange(value: ContactDetails): void
  /** docs/product.md §5: the e-mail field shows only when no e-mail is known. */
  askEmail: boolean
  /** An error from outside the form (e.g. the account step). */
  error: string | null
  onNext(value: ContactDetails): void
}

/** The country picker's choices, made once (about 250 countries). */
const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }))

const FIELDS = ['fullName', 'email', 'country', 'state', 'postalCode'] as const
const LABELS: Record<(typeof FIELDS)[number], string> = {
  fullName: 'Full name',
  email: 'Email',
  country: 'Country',
  state: 'State',
  postalCode: 'Postal code',
}

/**
 * docs/product.md §5's one message for step 1: a missing field first (that text, then the fields it means),
 * else the first field's own message.
 */
function firstProblem(errors: FieldErrors<ContactForm>): string | null {
  const failing = FIELDS.filter((field) => errors[field]?.message)
  if (failing.length === 0) return null
  const missing = failing.filter((field) => errors[field]?.message === ERRORS.fillRequired)
  if (missing.length > 0) return `${ERRORS.fillRequired}: ${missing.map((f) => LABELS[f]).join(', ')}.`
  return errors[failing[0]!]?.message ?? null
}

/**
 * Step 1 of the payment modal: contact information (docs/product.md §2, §5), checked with the server's own
 * schema (shared/schemas/billing.ts: the state is required when the country has states).
 */
export function ContactStep({ value, onChange, askEmail, error, onNext }: ContactStepProps) {
  const id = useId()
  const { register, handleSubmit, watch, setValue, setFocus, formState } = useForm<ContactForm>({
    resolver: zodResolver(contactFormSchema(askEmail)),
    defaultValues: value,
  })
  const regions = regionsOf(watch('country'))
  const problem = firstProblem(formState.errors) ?? error

  useEffect(() => {
    setFocus('fullName')
  }, [setFocus])

  useEffect(() => {
    const subscription = watch((fields) => onChange({ ...value, ...fields } as ContactDetails))
    return () => subscription.unsubscribe()
  }, [watch, onChange, value])

  return (
    <form
      className="stack"
      onSubmit={handleSubmit((fields) => onNext({ ...value, ...fields }))}
      noValidate
      aria-describedby={problem ? `${id}-error` : undefined}
    >
      <h3 className="payment-step__title">Contact Information</h3>
      <TextField
        id={`${id}-name`}
        label="Full name"
        autoComplete="name"
        maxLength={200}
        {...register('fullName')}
      />
      {askEmail && <EmailField id={`${id}-email`} label="Email" {...register('email')} />}
      <div className="payment-grid">
        <SelectField
          id={`${id}-country`}
          label="Country"
          options={COUNTRY_OPTIONS}
          autoComplete="country"
          placeholder="Select a country"
          // A new country has other states: the state chosen for the old one is cleared (docs/product.md §5).
          {...register('country', { onChange: () => setValue('state', '') })}
        />
        {/* A country with no states to pick (the United Kingdom, see shared/rules/countries.ts) asks none. */}
        {(regions.length > 0 || !watch('country')) && (
          <SelectField
            id={`${id}-state`}
            label="State / Region"
            options={regions.map((region) => ({ value: region.code, label: region.name }))}
            autoComplete="address-level1"
            disabled={!watch('country')}
            placeholder={watch('country') ? 'Select a state or region' : 'Choose a country first'}
            {...register('state')}
          />
        )}
      </div>
      <TextField
        id={`${id}-postal`}
        label="Postal code"
        autoComplete="postal-code"
        maxLength={20}
        {...register('postalCode')}
      />
      {problem && <ErrorBox id={`${id}-error`}>{problem}</ErrorBox>}
      <div className="payment-actions">
        <button type="submit" className="btn btn--primary btn--block">
          Next
        </button>
      </div>
    </form>
  )
}
