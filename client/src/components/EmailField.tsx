import { EMAIL_MAX_LENGTH } from '../../../shared/rules/email.ts'
import { TextField, type TextFieldProps } from './TextField.tsx'

/** An e-mail input: the e-mail keyboard on phones, the browser's autofill, at most what the server accepts. */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete' | 'maxLength'>) {
  return (
    <TextField type="email" inputMode="email" autoComplete="email" maxLength={EMAIL_MAX_LENGTH} {...props} />
  )
}
