import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { OTP_LENGTH, OTP_RESEND_SECONDS, OTP_TTL_SECONDS } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS, ERRORS } from '../../../../shared/errors.ts'
import { emailProblem, isCompleteCode, sanitizeCode } from '../../../../shared/rules/email.ts'
import { signInDestination } from '../../../../shared/rules/wizard.ts'
import { TextField } from '../../components/TextField.tsx'
import { useRestoreOwnerState } from '../../hooks/useOwnerState.ts'
import { decodeTokenPayload, storeSession } from '../../session.ts'
import { hasUsableCatId, readText, sessionId, writeText } from '../../storage.ts'
import { errorMessage, trpc } from '../../trpc.ts'

type Step = 'email' | 'code'
type Method = 'code' | 'password'

/** Whole seconds left until `deadline` (epoch ms), ticking while there are any. */
function useSecondsUntil(deadline: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    setNow(Date.now())
    if (deadline <= Date.now()) return
    const timer = setInterval(() => {
      const current = Date.now()
      setNow(current)
      if (current >= deadline) clearInterval(timer)
    }, 250)
    return () => clearInterval(timer)
  }, [deadline])
  return Math.max(0, Math.ceil((deadline - now) / 1000))
}

/** /login (SPEC §2, §4, §5, §8): e-mail, then the 6-digit code; a password as the secondary way in. */
export function LoginPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const expired = params.get('expired') === '1'
  const planSelection = params.get('planSelection')

  useEffect(() => {
    if (planSelection?.toLowerCase() === 'yearly') writeText('planSelection', 'yearly')
  }, [planSelection])

  const [step, setStep] = useState<Step>('email')
  const [method, setMethod] = useState<Method>('code')
  /** "Forgot your password?": a code sign-in, then the profile's Password section (issue 12). */
  const [forgot, setForgot] = useState(false)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [resendAt, setResendAt] = useState(0)
  const [resent, setResent] = useState(false)
  const secondsLeft = useSecondsUntil(resendAt)
  const emailInput = useRef<HTMLInputElement>(null)
  const codeInput = useRef<HTMLInputElement>(null)

  const sendCode = trpc.auth.signinOtp.useMutation()
  const verifyCode = trpc.auth.verifyOtp.useMutation()

  // Each step starts with its field focused (also on arrival at the page).
  useEffect(() => {
    ;(step === 'email' ? emailInput : codeInput).current?.focus()
  }, [step])
  const signIn = trpc.auth.signin.useMutation()
  const restoreOwnerState = useRestoreOwnerState()
  const busy = sendCode.isPending || verifyCode.isPending || signIn.isPending

  async function finish(session: {
    token: string
    expiresAtMs: number
    email: string
    refreshToken: string
  }) {
    // Nothing cached for a previous session may show in this one.
    queryClient.clear()
    storeSession(session)
    // The server decides where a returning owner belongs (issue 14): their state first, then the route.
    await restoreOwnerState()
    const destination = forgot
      ? '/cat-profile#password'
      : signInDestination(hasUsableCatId(), readText('currentStep'))
    navigate(destination, { replace: true })
  }

  function checkEmail(): string | null {
    const problem = emailProblem(email)
    setEmailError(problem)
    if (problem) emailInput.current?.focus()
    return problem
  }

  async function submitEmail(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFormError(null)
    if (checkEmail()) return
    if (method === 'password') return submitPassword()
    try {
      await sendCode.mutateAsync({ email: email.trim() })
      setCode('')
      setCodeError(null)
      setResent(false)
      setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000)
      setStep('code')
    } catch (error) {
      setFormError(errorMessage(error, DEFAULT_ERRORS.sendCode))
    }
  }

  async function submitPassword() {
    if (!password) {
      setPasswordError('Password is required')
      return
    }
    setPasswordError(null)
    try {
      const session = await signIn.mutateAsync({ email: email.trim(), password, session_id: sessionId() })
      const payload = decodeTokenPayload(session.token)
      await finish({
        token: session.token,
        expiresAtMs:
          typeof payload?.exp === 'number' ? payload.exp * 1000 : Date.now() + session.expiresIn * 1000,
        email: payload?.email ?? email.trim().toLowerCase(),
        refreshToken: session.refresh_token,
      })
    } catch (error) {
      setFormError(errorMessage(error, DEFAULT_ERRORS.login))
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!isCompleteCode(code)) {
      setCodeError(ERRORS.codeFormat)
      codeInput.current?.focus()
      return
    }
    setCodeError(null)
    try {
      const { session, user } = await verifyCode.mutateAsync({
        email: email.trim(),
        token: code,
        type: 'email',
        session_id: sessionId(),
      })
      await finish({
        token: session.access_token,
        expiresAtMs: session.expires_at * 1000,
        email: user.email,
        refreshToken: session.refresh_token,
      })
    } catch (error) {
      setCodeError(errorMessage(error, DEFAULT_ERRORS.verifyCode))
      codeInput.current?.focus()
    }
  }

  async function resend() {
    setResent(false)
    try {
      await sendCode.mutateAsync({ email: email.trim() })
      setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000)
      setCode('')
      setCodeError(null)
      setResent(true)
      codeInput.current?.focus()
    } catch (error) {
      // SPEC §8: a failed resend is logged only.
      console.error('Resending the login code failed', error)
    }
  }

  function useDifferentEmail() {
    setStep('email')
    setCode('')
    setCodeError(null)
    setFormError(null)
    setResent(false)
  }

  function switchMethod() {
    setMethod(method === 'code' ? 'password' : 'code')
    setFormError(null)
    setPasswordError(null)
  }

  return (
    <section className="card login" aria-labelledby="login-title">
      {expired && (
        <p className="notice" role="status">
          {ERRORS.sessionExpired}
        </p>
      )}

      {step === 'email' ? (
        <>
          <h1 id="login-title">Sign in</h1>
          <p className="muted">
            {method === 'code'
              ? `Enter your email and we'll send you a ${OTP_LENGTH}-digit login code.`
              : 'Enter your email and password.'}
          </p>
          <form className="stack" noValidate onSubmit={submitEmail}>
            <TextField
              ref={emailInput}
              id="login-email"
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              error={emailError}
              onChange={(e) => {
                setEmail(e.target.value)
                if (emailError) setEmailError(null)
              }}
            />
            {method === 'password' && (
              <TextField
                id="login-password"
                label="Password"
                type="password"
                autoComplete="current-password"
                value={password}
                error={passwordError}
                onChange={(e) => {
                  setPassword(e.target.value)
                  if (passwordError) setPasswordError(null)
                }}
              />
            )}
            {formError && (
              <p className="error-box" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
              {method === 'code'
                ? sendCode.isPending
                  ? 'Sending…'
                  : 'Send Login Code'
                : signIn.isPending
                  ? 'Signing in…'
                  : 'Sign in'}
            </button>
          </form>
          <p className="center">
            <button type="button" className="link-button" onClick={switchMethod}>
              {method === 'code' ? 'Sign in with password instead' : 'Email me a login code instead'}
            </button>
          </p>
          {method === 'password' && (
            <p className="center">
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setForgot(true)
                  switchMethod()
                }}
              >
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
      ) : (
        <>
          <h1 id="login-title">Check your email</h1>
          <p className="muted">
            We sent a {OTP_LENGTH}-digit code to <strong className="login__email">{email.trim()}</strong>. It
            is valid for {Math.round(OTP_TTL_SECONDS / 60)} minutes.
          </p>
          <form className="stack" noValidate onSubmit={submitCode}>
            <div className="field">
              <label htmlFor="login-code">Login code</label>
              <input
                ref={codeInput}
                id="login-code"
                className="input login__code"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                placeholder="••••••"
                value={code}
                onChange={(e) => {
                  setCode(sanitizeCode(e.target.value))
                  if (codeError) setCodeError(null)
                }}
                aria-invalid={codeError ? true : undefined}
                aria-describedby={codeError ? 'login-code-error' : 'login-code-hint'}
              />
              <p id="login-code-hint" className="sr-only">
                {OTP_LENGTH} digits
              </p>
              {codeError && (
                <p id="login-code-error" className="field-error" role="alert">
                  {codeError}
                </p>
              )}
            </div>
            <button
              type="submit"
              className="btn btn--primary btn--block"
              disabled={busy}
              aria-busy={verifyCode.isPending}
            >
              {verifyCode.isPending ? 'Verifying…' : 'Verify code'}
            </button>
          </form>
          <div className="login__actions">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={secondsLeft > 0 || busy}
              onClick={resend}
            >
              {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : 'Resend code'}
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={useDifferentEmail}
              disabled={verifyCode.isPending}
            >
              Use different email
            </button>
          </div>
          {resent && (
            <p className="muted center" role="status">
              A new code is on its way.
            </p>
          )}
        </>
      )}

      <p className="center login__signup">
        Don't have an account? <Link to="/onboarding">Sign Up now.</Link>
      </p>
    </section>
  )
}
