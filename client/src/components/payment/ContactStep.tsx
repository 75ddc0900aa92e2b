import { type FormEvent, useEffect, useId, useRef } from 'react'
import { TextField } from '../TextField.tsx'
import type { ContactDetails } from './checkout-flow.ts'
import { COUNTRIES, regionsOf } from './countries.ts'

export interface ContactStepProps {
  value: ContactDetails
  onChange(value: ContactDetails): void
  /** SPEC §5: the e-mail field shows only when no e-mail is known. */
  askEmail: boolean
  error: string | null
  onNext(): void
}

/** Step 1 of the payment modal: contact information (SPEC §2, §5). */
export function ContactStep({ value, onChange, askEmail, error, onNext }: ContactStepProps) {
  const id = useId()
  const first = useRef<HTMLInputElement>(null)
  const regions = regionsOf(value.country)
  const set = (patch: Partial<ContactDetails>) => onChange({ ...value, ...patch })

  useEffect(() => {
    first.current?.focus()
  }, [])

  function submit(event: FormEvent) {
    event.preventDefault()
    onNext()
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-describedby={error ? `${id}-error` : undefined}>
      <h3 className="payment-step__title">Contact Information</h3>
      <TextField
        ref={first}
        id={`${id}-name`}
        label="Full name"
        autoComplete="name"
        value={value.fullName}
        maxLength={200}
        onChange={(e) => set({ fullName: e.target.value })}
      />
      {askEmail && (
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={value.email}
          maxLength={254}
          onChange={(e) => set({ email: e.target.value })}
        />
      )}
      <div className="payment-grid">
        <div className="field">
          <label htmlFor={`${id}-country`}>Country</label>
          <select
            id={`${id}-country`}
            className="select"
            autoComplete="country"
            value={value.country}
            // A new country has other states: the state chosen for the old one is cleared (SPEC §5).
            onChange={(e) => set({ country: e.target.value, state: '' })}
          >
            <option value="">Select a country</option>
            {COUNTRIES.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-state`}>State / Region</label>
          <select
            id={`${id}-state`}
            className="select"
            autoComplete="address-level1"
            value={value.state}
            disabled={!value.country}
            onChange={(e) => set({ state: e.target.value })}
          >
            <option value="">{value.country ? 'Select a state or region' : 'Choose a country first'}</option>
            {regions.map((region) => (
              <option key={region.code} value={region.code}>
                {region.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        id={`${id}-postal`}
        label="Postal code"
        autoComplete="postal-code"
        value={value.postalCode}
        maxLength={20}
        onChange={(e) => set({ postalCode: e.target.value })}
      />
      {error && (
        <p id={`${id}-error`} className="error-box" role="alert">
          {error}
        </p>
      )}
      <div className="payment-actions">
        <button type="submit" className="btn btn--primary btn--block">
          Next
        </button>
      </div>
    </form>
  )
}
