import type { FormEventHandler } from 'react'
import { OTP_LENGTH } from '../../../../shared/constants.ts'
import { EmailField } from '../../components/EmailField.tsx'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { TextField, type TextFieldProps } from '../../components/TextField.tsx'

export type Method = 'code' | 'password'

type FieldProps = Omit<TextFieldProps, 'id' | 'label'>

export interface EmailStepProps {
  method: Method
  forgot: boolean
  /** The e-mail input's props (a react-hook-form registration, or the first paint's plain input). */
  email: FieldProps
  password: FieldProps
  serverError?: string | undefined
  /** A request is under way: the submit button is disabled. */
  busy: boolean
  /** The submit button's own request is under way: it says so. */
  pending: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
  onSwitchMethod: () => void
  onForgot: () => void
  /**
   * A code for this address went out moments ago (another device, another tab): the way to the code step
   * without asking for another one. Absent when there is no such code.
   */
  onCodeAlreadySent?: (() => void) | undefined
}

/**
 * The e-mail step of /login, as drawn: one markup for the first paint (LoginPage, no form code yet) and
 * for the form that validates with react-hook-form and the shared schemas (LoginForm), so the swap from
 * one to the other changes nothing on screen.
 */
export function EmailStep(props: EmailStepProps) {
  const { method, forgot, busy, pending } = props
  return (
    <>
      <h1 id="login-title">Sign in</h1>
      <p className="muted">
        {method === 'code'
          ? `Enter your email and we'll send you a ${OTP_LENGTH}-digit login code.`
          : 'Enter your email and password.'}
      </p>
      <form className="stack" noValidate onSubmit={props.onSubmit}>
        <EmailField id="login-email" label="Email" {...props.email} />
        {method === 'password' && (
          <TextField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            {...props.password}
          />
        )}
        {props.serverError && <ErrorBox>{props.serverError}</ErrorBox>}
        {props.onCodeAlreadySent && (
          <button type="button" className="btn btn--secondary btn--block" onClick={props.onCodeAlreadySent}>
            I already have a code
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {method === 'code'
            ? pending
              ? 'Sending…'
              : 'Send Login Code'
            : pending
              ? 'Signing in…'
              : 'Sign in'}
        </button>
      </form>
      <p className="center">
        <button type="button" className="link-button" onClick={props.onSwitchMethod}>
          {method === 'code' ? 'Sign in with password instead' : 'Email me a login code instead'}
        </button>
      </p>
      {method === 'password' && (
        <p className="center">
          <button type="button" className="link-button" onClick={props.onForgot}>
            Forgot your password?
          </button>
        </p>
      )}
      {forgot && method === 'code' && (
        <p className="notice" role="status">
          Sign in with a login code, then choose a new password in your profile.
        </p>
      )}
    </>
  )
}
