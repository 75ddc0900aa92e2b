import { sanitizeCode } from '../../../shared/rules/email.ts'
import { TextField } from './TextField.tsx'

/**
 * A code the server mailed to the account's own address (a step-up for the password, the export or the
 * deletion): digits only, offered by the browser from the e-mail (`one-time-code`).
 */
export function MailedCodeField({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (code: string) => void
}) {
  return (
    <TextField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(e) => onChange(sanitizeCode(e.target.value))}
    />
  )
}
