// The address proved in the onboarding (docs/decisions.md "Accounts"): after the payment, the thank-you
// offers to mail a code to the address typed in the form and asks for it. Verified from this browser's sign-up
// session, the proof keeps everything that session made (the cat, the vet's report link), and the
// owner's later code sign-in on another device is an ordinary one.
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { MailedCodeField } from '../../components/MailedCodeField.tsx'
import { decodeTokenPayload, storeSession } from '../../session.ts'
import { readText, sessionId } from '../../storage.ts'
import { errorCode, errorMessage, trpc } from '../../trpc.ts'

/** The stored session's address while it is not proved yet (a sign-up's session), else null. */
function unprovenEmail(): string | null {
  const token = readText('token')
  const payload = token ? decodeTokenPayload(token) : null
  if (payload?.email_verified !== false) return null
  return readText('email').trim() || payload.email || null
}

export function ConfirmAddress() {
  const [email] = useState(unprovenEmail)
  const send = trpc.auth.signinOtp.useMutation()
  const verify = trpc.auth.verifyOtp.useMutation()
  const queryClient = useQueryClient()
  const [code, setCode] = useState('')
  const [error, setError] = useState('')
  const [confirmed, setConfirmed] = useState(false)
  const [sent, setSent] = useState(false)

  async function sendCode() {
    if (!email) return
    setError('')
    try {
      await send.mutateAsync({ email })
      setSent(true)
    } catch (failure) {
      // A code sent moments ago (another tab) is the one to type.
      if (errorCode(failure) === 'RESEND_TOO_SOON') setSent(true)
      else setError(errorMessage(failure, DEFAULT_ERRORS.sendCode))
    }
  }

  if (!email) return null
  if (confirmed) {
    return (
      <p className="confirm-address muted" role="status">
        E-mail confirmed: sign in with {email} on any device.
      </p>
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!email) return
    setError('')
    try {
      const { session, user } = await verify.mutateAsync({
        email,
        token: code,
        type: 'email',
        session_id: sessionId(),
      })
      storeSession({
        token: session.access_token,
        expiresAtMs: session.expires_at * 1000,
        email: user.email,
        refreshToken: session.refresh_token,
      })
      setConfirmed(true)
      await queryClient.invalidateQueries()
    } catch (failure) {
      setError(errorMessage(failure, DEFAULT_ERRORS.verifyCode))
    }
  }

  if (!sent) {
    return (
      <div className="confirm-address stack">
        <h3>Confirm your e-mail</h3>
        <p className="muted">
          We e-mail a code to <strong>{email}</strong>: with it, you sign in on any device and keep everything
          you made here.
        </p>
        {error && <ErrorBox>{error}</ErrorBox>}
        <button
          type="button"
          className="btn btn--secondary btn--block"
          disabled={send.isPending}
          onClick={() => void sendCode()}
        >
          {send.isPending ? 'Sending…' : 'Send me the code'}
        </button>
      </div>
    )
  }

  return (
    <form className="confirm-address stack" noValidate onSubmit={(event) => void submit(event)}>
      <h3>Confirm your e-mail</h3>
      <p className="muted">
        We sent a code to <strong>{email}</strong>. Enter it to sign in with this address on any device.
      </p>
      <MailedCodeField
        id="confirm-address-code"
        label="Code from the e-mail"
        value={code}
        onChange={setCode}
      />
      {error && <ErrorBox>{error}</ErrorBox>}
      <button type="submit" className="btn btn--secondary btn--block" disabled={verify.isPending || !code}>
        {verify.isPending ? 'Confirming…' : 'Confirm my e-mail'}
      </button>
    </form>
  )
}
