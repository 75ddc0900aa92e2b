// The owner's account controls on the profile (issue 12): a password set with a mailed code, sign out
// everywhere, download my data, delete account. The server decides; these only ask and report.
import { type FormEvent, useId, useState } from 'react'
import { OTP_LENGTH } from '../../../../shared/constants.ts'
import { sanitizeCode } from '../../../../shared/rules/email.ts'
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx'
import { useSignOut } from '../../session.ts'
import { readText } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'

export function AccountSettings() {
  return (
    <section className="card card--wide" aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <PasswordSection />
      <SessionsSection />
      <DataSection />
    </section>
  )
}

function PasswordSection() {
  const [sent, setSent] = useState(false)
  const [code, setCode] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const email = readText('email')
  const sendCode = trpc.auth.sendPasswordCode.useMutation()
  const setNewPassword = trpc.auth.setPassword.useMutation()

  async function send() {
    setBusy(true)
    setError(null)
    try {
      await sendCode.mutateAsync()
      setSent(true)
      setDone(false)
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to send verification code'))
    } finally {
      setBusy(false)
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await setNewPassword.mutateAsync({ code, password })
      setDone(true)
      setSent(false)
      setCode('')
      setPassword('')
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to set the password'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section id="password" className="stack" aria-labelledby="password-title">
      <h3 id="password-title">Password</h3>
      <p className="muted">
        To set or change your password, we e-mail a {OTP_LENGTH}-digit code to {email || 'your address'}.
      </p>
      {!sent ? (
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void send()}>
          {busy ? 'Sending…' : 'Email me a code'}
        </button>
      ) : (
        <form className="stack" noValidate onSubmit={save}>
          <div className="field">
            <label htmlFor="password-code">Code from the e-mail</label>
            <input
              id="password-code"
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(sanitizeCode(e.target.value))}
            />
          </div>
          <div className="field">
            <label htmlFor="password-new">New password</label>
            <input
              id="password-new"
              className="input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save password'}
          </button>
        </form>
      )}
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="notice" role="status">
          Your password is saved.
        </p>
      )}
    </section>
  )
}

function SessionsSection() {
  const signOut = useSignOut()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const logoutEverywhere = trpc.auth.logoutEverywhere.useMutation()
  async function everywhere() {
    setBusy(true)
    setError(null)
    try {
      await logoutEverywhere.mutateAsync()
      signOut('/login')
    } catch (failure) {
      setError(errorMessage(failure, 'Signing out everywhere failed'))
      setBusy(false)
    }
  }
  return (
    <section className="stack" aria-labelledby="sessions-title">
      <h3 id="sessions-title">Sessions</h3>
      <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void everywhere()}>
        {busy ? 'Signing out…' : 'Sign out everywhere'}
      </button>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}

function DataSection() {
  const signOut = useSignOut()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const utils = trpc.useUtils()
  const deleteAccount = trpc.auth.deleteAccount.useMutation()

  async function download() {
    setBusy(true)
    setError(null)
    try {
      // Always read afresh, and keep the owner's data in no cache once it is saved.
      const data = await utils.auth.exportData.fetch(undefined, { staleTime: 0, gcTime: 0 })
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = 'kitty-care-data.json'
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    } catch (failure) {
      setError(errorMessage(failure, 'Downloading your data failed'))
    } finally {
      setBusy(false)
    }
  }

  async function erase() {
    setBusy(true)
    setError(null)
    try {
      await deleteAccount.mutateAsync()
      signOut('/login')
    } catch (failure) {
      setError(errorMessage(failure, 'Deleting the account failed'))
      setBusy(false)
    }
  }

  return (
    <section className="stack" aria-labelledby="data-title">
      <h3 id="data-title">Your data</h3>
      <div className="row">
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={() => void download()}>
          Download my data
        </button>
        <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => setConfirming(true)}>
          Delete account
        </button>
      </div>
      {error && (
        <p className="error-box" role="alert">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete your account?"
          busy={busy}
          confirmLabel="Yes, delete everything"
          busyLabel="Deleting…"
          cancelLabel="Keep my account"
          onConfirm={() => void erase()}
          onCancel={() => setConfirming(false)}
        >
          This erases your account, your cats and their photos, your conversations with the specialist, your
          interviews, your subscriptions and payment records, and signs you out everywhere. Any active
          subscription is cancelled first. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  )
}
