import { type ComponentType, type FormEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link, useSearchParams } from 'react-router'
import { ERRORS } from '../../../../shared/errors.ts'
import { writeText } from '../../storage.ts'
import { EmailStep, type Method } from './EmailStep.tsx'
import type { Handoff } from './LoginForm.tsx'

type Form = ComponentType<{ handoff?: Handoff | undefined }>

/**
 * The sign-in form with its data layer (react-hook-form, zod and the shared schemas, React Query and the
 * tRPC client): about two thirds of what /login would otherwise load first. It is fetched on the owner's
 * first keystroke, click or tap, long before a typed address is complete, and kept once loaded.
 */
let loaded: Form | null = null
function loadForm(): Promise<Form> {
  return Promise.all([import('./LoginForm.tsx'), import('../../data.tsx')]).then(
    ([{ LoginForm }, { DataProviders }]) => {
      loaded ??= ({ handoff }) => (
        <DataProviders>
          <LoginForm handoff={handoff} />
        </DataProviders>
      )
      return loaded
    },
  )
}

/**
 * /login (docs/product.md §2, §4, §5, §8): the screen; its form is LoginForm, drawn at once as plain markup.
 */
export function LoginPage() {
  const [params] = useSearchParams()
  const expired = params.get('expired') === '1'
  const ended = params.get('ended') === '1'
  const planSelection = params.get('planSelection')

  useEffect(() => {
    if (planSelection?.toLowerCase() === 'yearly') writeText('planSelection', 'yearly')
  }, [planSelection])

  const [form, setForm] = useState<{ Form: Form; handoff?: Handoff } | null>(() =>
    loaded ? { Form: loaded } : null,
  )
  const section = useRef<HTMLElement>(null)

  return (
    <section className="card login" aria-labelledby="login-title" ref={section}>
      {expired && (
        <p className="notice" role="status">
          {ERRORS.sessionExpired}
        </p>
      )}
      {ended && !expired && (
        <p className="notice" role="status">
          {ERRORS.sessionEnded}
        </p>
      )}
      {form ? (
        <form.Form handoff={form.handoff} />
      ) : (
        <FirstPaint
          area={section}
          onTakeOver={(Form, handoff) => {
            // Focus stays on the same control: the markup is the same, so is its place in the section.
            const controls = () => [...(section.current?.querySelectorAll('input, button') ?? [])]
            const focused = controls().indexOf(document.activeElement as Element)
            flushSync(() => setForm({ Form, handoff }))
            if (focused >= 0) (controls()[focused] as HTMLElement | undefined)?.focus()
          }}
        />
      )}
      <p className="center login__signup">
        Don't have an account? <Link to="/onboarding">Sign Up now.</Link>
      </p>
    </section>
  )
}

/**
 * The e-mail step before the form's code is there: the same markup with plain inputs. The way in can be
 * switched here; what is typed and a submit are handed to the form when it arrives, which checks them.
 */
function FirstPaint({
  area,
  onTakeOver,
}: {
  /** Where the owner's first keystroke, click or tap starts loading the form. */
  area: RefObject<HTMLElement | null>
  onTakeOver: (form: Form, handoff: Handoff) => void
}) {
  const [method, setMethod] = useState<Method>('code')
  const [forgot, setForgot] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [failed, setFailed] = useState(false)
  const email = useRef<HTMLInputElement>(null)
  const password = useRef<HTMLInputElement>(null)
  /** The state the form takes over, as of now (the load ends outside any render). */
  const latest = useRef({ method, forgot, submitted })
  latest.current = { method, forgot, submitted }
  const loading = useRef(false)
  /**
   * A press in progress: the form may arrive between its pointerdown (which starts the load) and its
   * click. Swapping the markup then would drop the click ('Sign in with password instead' did nothing),
   * so the takeover waits for the press to end and its click to be handled.
   */
  const pressed = useRef(false)
  const pending = useRef<(() => void) | null>(null)

  useEffect(() => email.current?.focus(), [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: load reads refs only; listeners are set once
  useEffect(() => {
    const target = area.current
    if (!target) return
    const events = ['pointerdown', 'keydown', 'input'] as const
    const press = () => {
      pressed.current = true
    }
    // After the pointerup's task, so its click has run and its state is rendered.
    const release = () =>
      setTimeout(() => {
        pressed.current = false
        const takeOver = pending.current
        pending.current = null
        takeOver?.()
      }, 0)
    target.addEventListener('pointerdown', press, { capture: true, passive: true })
    for (const name of events) target.addEventListener(name, load, { capture: true, passive: true })
    for (const name of ['pointerup', 'pointercancel'] as const) {
      window.addEventListener(name, release, { capture: true, passive: true })
    }
    return () => {
      target.removeEventListener('pointerdown', press, { capture: true })
      for (const name of events) target.removeEventListener(name, load, { capture: true })
      for (const name of ['pointerup', 'pointercancel'] as const) {
        window.removeEventListener(name, release, { capture: true })
      }
    }
  }, [area])

  function load() {
    if (loading.current) return
    loading.current = true
    setFailed(false)
    loadForm().then(
      (Form) => {
        const takeOver = () =>
          onTakeOver(Form, {
            email: email.current?.value ?? '',
            password: password.current?.value ?? '',
            ...latest.current,
            submit: latest.current.submitted,
          })
        if (pressed.current) pending.current = takeOver
        else takeOver()
      },
      () => {
        // Offline, or a deploy replaced the chunk: say so; the next try loads again.
        loading.current = false
        setSubmitted(false)
        setFailed(true)
      },
    )
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSubmitted(true)
    latest.current.submitted = true
    load()
  }

  return (
    <EmailStep
      method={method}
      forgot={forgot}
      email={{ ref: email, name: 'email' }}
      password={{ ref: password, name: 'password' }}
      serverError={failed ? ERRORS.unexpected : undefined}
      busy={submitted}
      pending={false}
      onSubmit={submit}
      onSwitchMethod={() => setMethod(method === 'code' ? 'password' : 'code')}
      onForgot={() => {
        setForgot(true)
        setMethod('code')
      }}
    />
  )
}
