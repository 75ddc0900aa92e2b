import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import { OTP_RESEND_SECONDS } from '../../../../shared/constants.ts'
import { DEFAULT_ERRORS } from '../../../../shared/errors.ts'
import { normalizeEmail } from '../../../../shared/rules/email.ts'
import { decodeTokenPayload } from '../../session.ts'
import { sessionId } from '../../storage.ts'
import { errorMessage, resendWait, trpc } from '../../trpc.ts'
import { CodeStep } from './CodeStep.tsx'
import { EmailStep, type Method } from './EmailStep.tsx'
import {
  type CodeFields,
  codeStepResolver,
  type EmailFields,
  type EmailValues,
  emailStepResolver,
} from './login-schemas.ts'
import { useFinishSignIn } from './useFinishSignIn.ts'
import { useSecondsUntil } from './useSecondsUntil.ts'

export { PASSWORD_REQUIRED } from './login-schemas.ts'

type Step = 'email' | 'code'

/** What the owner did on the first paint's e-mail step before this form loaded (LoginPage). */
export interface Handoff {
  email: string
  password: string
  method: Method
  forgot: boolean
  /** The e-mail step was submitted: submit it again here, with its checks. */
  submit: boolean
}

/**
 * The sign-in form of /login (docs/product.md §2, §4, §5, §8): e-mail, then the 6-digit code; a password as
 * the secondary way in. Its own chunk, loaded when the owner starts using the first paint (LoginPage),
 * which hands over what was typed and chosen.
 */
export function LoginForm({ handoff }: { handoff?: Handoff | undefined }) {
  // The fields, their messages and focus live in the two forms; what is left here is the screen's own state.
  const [step, setStep] = useState<Step>('email')
  const [method, setMethod] = useState<Method>(handoff?.method ?? 'code')
  /** "Forgot your password?": a code sign-in, then the profile's Password section. */
  const [forgot, setForgot] = useState(handoff?.forgot ?? false)
  const [resendAt, setResendAt] = useState(0)
  /** Seconds until a new code may be asked, when the server said one went out moments ago. */
  const [sentWait, setSentWait] = useState<number | null>(null)
  const [resent, setResent] = useState(false)
  const secondsLeft = useSecondsUntil(resendAt)

  // Messages show on submit and clear as the owner types (reValidateMode onSubmit + clearErrors).
  const emailForm = useForm<EmailFields, { method: Method }, EmailValues>({
    resolver: emailStepResolver,
    context: { method },
    reValidateMode: 'onSubmit',
    defaultValues: { email: handoff?.email ?? '', password: handoff?.password ?? '' },
  })
  const codeForm = useForm<CodeFields>({
    resolver: codeStepResolver,
    reValidateMode: 'onSubmit',
    defaultValues: { code: '' },
  })
  const emailErrors = emailForm.formState.errors
  const codeError = codeForm.formState.errors.code?.message
  /** As typed (trimmed), for the code step's "We sent a code to …". */
  const typedEmail = emailForm.watch('email').trim()

  const sendCode = trpc.auth.signinOtp.useMutation()
  const verifyCode = trpc.auth.verifyOtp.useMutation()

  // Each step starts with its field focused (also on arrival at the page). Taking over from the first
  // paint, focus stays where the owner had it (LoginPage puts it back).
  const { setFocus: focusEmailStep } = emailForm
  const { setFocus: focusCodeStep } = codeForm
  const focusedStep = useRef<Step | null>(handoff ? 'email' : null)
  useEffect(() => {
    if (focusedStep.current === step) return
    focusedStep.current = step
    if (step === 'email') focusEmailStep('email')
    else focusCodeStep('code')
  }, [step, focusEmailStep, focusCodeStep])
  const signIn = trpc.auth.signin.useMutation()
  const busy = sendCode.isPending || verifyCode.isPending || signIn.isPending

  const finish = useFinishSignIn(forgot)

  /** A fresh code step: empty field, no message, resend held back for `seconds`. */
  function startCodeWait(seconds = OTP_RESEND_SECONDS) {
    codeForm.reset({ code: '' })
    setResendAt(Date.now() + seconds * 1000)
  }

  const submitEmail = emailForm.handleSubmit(async ({ email, password }) => {
    setSentWait(null)
    if (method === 'password') return submitPassword(email, password)
    try {
      await sendCode.mutateAsync({ email })
      startCodeWait()
      setResent(false)
      setStep('code')
    } catch (error) {
      // A code went out moments ago, from here or another device: the server says how long to wait.
      setSentWait(resendWait(error))
      emailForm.setError('root.server', { message: errorMessage(error, DEFAULT_ERRORS.sendCode) })
    }
  })

  /** "I already have a code": the code step for the code already sent, resend held for the server's wait. */
  function toSentCode() {
    startCodeWait(sentWait ?? OTP_RESEND_SECONDS)
    setSentWait(null)
    emailForm.clearErrors()
    setResent(false)
    setStep('code')
  }

  // A submit made on the first paint goes now, once (StrictMode runs effects twice in development).
  const handedSubmit = useRef(handoff?.submit ?? false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (!handedSubmit.current) return
    handedSubmit.current = false
    void submitEmail()
  }, [])

  async function submitPassword(email: string, password: string) {
    try {
      const session = await signIn.mutateAsync({ email, password, session_id: sessionId() })
      const payload = decodeTokenPayload(session.token)
      await finish({
        token: session.token,
        expiresAtMs:
          typeof payload?.exp === 'number' ? payload.exp * 1000 : Date.now() + session.expiresIn * 1000,
        email: payload?.email ?? email,
        refreshToken: session.refresh_token,
      })
    } catch (error) {
      emailForm.setError('root.server', { message: errorMessage(error, DEFAULT_ERRORS.login) })
    }
  }

  const submitCode = codeForm.handleSubmit(async ({ code }) => {
    try {
      const { session, user } = await verifyCode.mutateAsync({
        email: normalizeEmail(emailForm.getValues('email')),
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
      codeForm.setError(
        'code',
        { message: errorMessage(error, DEFAULT_ERRORS.verifyCode) },
        { shouldFocus: true },
      )
    }
  })

  async function resend() {
    setResent(false)
    try {
      await sendCode.mutateAsync({ email: normalizeEmail(emailForm.getValues('email')) })
      startCodeWait()
      setResent(true)
      codeForm.setFocus('code')
    } catch (error) {
      // docs/product.md §8: a failed resend is logged only; a "wait N seconds" holds
      // the button for that long.
      const wait = resendWait(error)
      if (wait !== null) setResendAt(Date.now() + wait * 1000)
      console.error('Resending the login code failed', error)
    }
  }

  function useDifferentEmail() {
    setStep('email')
    codeForm.reset({ code: '' })
    emailForm.clearErrors()
    setResent(false)
  }

  function switchMethod() {
    setMethod(method === 'code' ? 'password' : 'code')
    emailForm.clearErrors()
    setSentWait(null)
  }

  return (
    <>
      {step === 'email' ? (
        <EmailStep
          method={method}
          forgot={forgot}
          email={{
            error: emailErrors.email?.message,
            ...emailForm.register('email', {
              onChange: () => {
                emailForm.clearErrors('email')
                setSentWait(null)
              },
            }),
          }}
          password={{
            error: emailErrors.password?.message,
            ...emailForm.register('password', { onChange: () => emailForm.clearErrors('password') }),
          }}
          serverError={emailErrors.root?.server?.message}
          busy={busy}
          pending={method === 'code' ? sendCode.isPending : signIn.isPending}
          onSubmit={submitEmail}
          onSwitchMethod={switchMethod}
          onForgot={() => {
            setForgot(true)
            switchMethod()
          }}
          onCodeAlreadySent={sentWait !== null && method === 'code' ? toSentCode : undefined}
        />
      ) : (
        <CodeStep
          email={typedEmail}
          control={codeForm.control}
          error={codeError}
          busy={busy}
          verifying={verifyCode.isPending}
          resendIn={secondsLeft}
          resent={resent}
          onSubmit={submitCode}
          onCodeTyped={() => codeForm.clearErrors('code')}
          onResend={resend}
          onUseDifferentEmail={useDifferentEmail}
        />
      )}
    </>
  )
}
