// The owner's account controls on the profile: a password set with a mailed code, sign out
// everywhere, consent to safety reviews, download my data, delete account. The server decides; these only ask and report.
import { type FormEvent, useState } from 'react'
import { newPasswordSchema } from '../../../../shared/schemas/auth.ts'
import { ErrorBox } from '../../components/ErrorBox.tsx'
import { MailedCodeField } from '../../components/MailedCodeField.tsx'
import { TextField } from '../../components/TextField.tsx'
import {
  askForCode,
  DataSection,
  MailedCodeStep,
  ReviewConsentSection,
  useAccountTask,
} from '../../features/account/index.ts'
import { trpc } from '../../trpc.ts'

export function AccountSettings() {
  return (
    <section className="card card--wide account" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <PasswordSection />
      <SessionsSection />
      <ReviewConsentSection />
      <DataSection />
    </section>
  )
}

function PasswordSection() {
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [done, setDone] = useState(false)
  /** A new password is often a reaction to a lost device or a leak: ending the others is the default. */
  const [endOthers, setEndOthers] = useState(true)
  // The password's own rule, said before sending (the server's 400 names the field before its words).
  const [problem, setProblem] = useState<string | null>(null)
  const { busy, error, run } = useAccountTask()
  const sendCode = trpc.auth.sendPasswordCode.useMutation()
  const setNewPassword = trpc.auth.setPassword.useMutation()

  function send() {
    return run(async () => {
      await askForCode(() => sendCode.mutateAsync())
      setSent(true)
      setDone(false)
    }, 'Failed to send verification code')
  }

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const checked = newPasswordSchema.safeParse(password)
    setProblem(checked.success ? null : (checked.error.issues[0]?.message ?? null))
    if (!checked.success) return
    return run(async () => {
      await setNewPassword.mutateAsync({ code, password, end_other_sessions: endOthers })
      setDone(true)
      setSent(false)
      setCode('')
      setPassword('')
    }, 'Failed to set the password')
  }

  return (
    <section id="password" className="stack" aria-labelledby="password-title">
      <h3 id="password-title">Password</h3>
      <MailedCodeStep
        purpose="To set or change your password"
        sendLabel="Email me a code"
        sent={sent}
        busy={busy}
        onSend={() => void send()}
      >
        <form className="stack" noValidate onSubmit={save}>
          <MailedCodeField id="password-code" label="Code from the e-mail" value={code} onChange={setCode} />
          <TextField
            id="password-new"
            label="New password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <label className="row" htmlFor="password-end-others">
            <input
              id="password-end-others"
              type="checkbox"
              checked={endOthers}
              onChange={(e) => setEndOthers(e.target.checked)}
            />
            Sign out my other devices
          </label>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save password'}
          </button>
        </form>
      </MailedCodeStep>
      {(problem ?? error) && <ErrorBox>{problem ?? error}</ErrorBox>}
      {done && (
        <p className="notice" role="status">
          Your password is saved.
        </p>
      )}
    </section>
  )
}

function SessionsSection() {
  const { busy, error, run } = useAccountTask()
  const logoutEverywhere = trpc.auth.logoutEverywhere.useMutation()
  function everywhere() {
    return run(() => logoutEverywhere.mutateAsync(), 'Signing out everywhere failed', 'sign-out')
  }
  return (
    <section className="stack" aria-labelledby="sessions-title">
      <h3 id="sessions-title">Sessions</h3>
      <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void everywhere()}>
        {busy ? 'Signing out…' : 'Sign out everywhere'}
      </button>
      {error && <ErrorBox>{error}</ErrorBox>}
    </section>
  )
}
