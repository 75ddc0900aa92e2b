import type { FormEventHandler } from 'react'
import type { Control } from 'react-hook-form'
import { OTP_LENGTH, OTP_TTL_SECONDS } from '../../../../shared/constants.ts'
import { sanitizeCode } from '../../../../shared/rules/email.ts'
import { FormattedField } from '../../components/FormattedField.tsx'
import type { CodeFields } from './login-schemas.ts'

export interface CodeStepProps {
  /** The address the code went to, as typed. */
  email: string
  control: Control<CodeFields>
  error?: string | undefined
  /** A request is under way: the buttons that would start another are disabled. */
  busy: boolean
  verifying: boolean
  /** Seconds until another code may be asked for (0: now). */
  resendIn: number
  /** A new code was just sent. */
  resent: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  onCodeTyped: () => void
  onResend: () => void
  onUseDifferentEmail: () => void
}

/** The code step of /login, as drawn (docs/product.md §5): the 6-digit code, resend, another address. */
export function CodeStep(props: CodeStepProps) {
  const { busy, verifying, resendIn } = props
  return (
    <>
      <h1 id="login-title">Check your email</h1>
      <p className="muted">
        We sent a {OTP_LENGTH}-digit code to <strong className="login__email">{props.email}</strong>. It is
        valid for {Math.round(OTP_TTL_SECONDS / 60)} minutes.
      </p>
      <form className="stack" noValidate onSubmit={props.onSubmit}>
        <FormattedField
          control={props.control}
          name="code"
          // docs/product.md §5: digits only, at most 6; anything else typed or pasted is dropped.
          format={sanitizeCode}
          onFormatted={props.onCodeTyped}
          id="login-code"
          label="Login code"
          className="login__code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="••••••"
          error={props.error}
          srHint={`${OTP_LENGTH} digits`}
        />
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={verifying}>
          {verifying ? 'Verifying…' : 'Verify code'}
        </button>
      </form>
      <div className="login__actions">
        <button
          type="button"
          className="btn btn--secondary"
          disabled={resendIn > 0 || busy}
          onClick={props.onResend}
        >
          {resendIn > 0 ? `Resend code in ${resendIn}s` : 'Resend code'}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={props.onUseDifferentEmail}
          disabled={verifying}
        >
          Use different email
        </button>
      </div>
      {props.resent && (
        <p className="muted center" role="status">
          A new code is on its way.
        </p>
      )}
    </>
  )
}
