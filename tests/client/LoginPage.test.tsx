import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OTP_LENGTH } from '../../shared/constants.ts'
import { ERRORS } from '../../shared/errors.ts'
import { codeSchema, signinOtpInput } from '../../shared/schemas/auth.ts'
import { clientTestApp } from '../helpers/caller-link.ts'
import { clientProviders } from '../helpers/client-providers.tsx'
import { mailedCodes } from '../helpers/mailed-codes.ts'

const { LoginForm, PASSWORD_REQUIRED } = await import('../../client/src/pages/login/LoginForm.tsx')

const t = clientTestApp()
/** Every procedure the form called, in order. */
let calls: string[] = []

beforeEach(() => {
  calls = []
})
afterEach(cleanup)

const Providers = clientProviders(t, { path: '/login', onCall: (path) => calls.push(path) })

/** The first message the shared schema gives for a refused value. */
function schemaMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  expect(result.success).toBe(false)
  return result.error?.issues[0]?.message ?? ''
}

async function submit(name: RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}

/** What the field's aria-describedby points at, as a screen reader reads it. */
function describedText(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean)
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

/** The field's message: shown, announced (role=alert) and tied to the field by aria-describedby. */
function expectFieldError(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true')
  const describedBy = field.getAttribute('aria-describedby') ?? ''
  const error = document.getElementById(describedBy.split(' ').find((id) => id.endsWith('-error')) ?? '')
  expect(error?.textContent).toBe(message)
  expect(error?.getAttribute('role')).toBe('alert')
}

describe('/login form', () => {
  it("shows the shared e-mail schema's messages on submit, clears them on typing, and sends nothing", async () => {
    render(<LoginForm />, { wrapper: Providers })
    const email = screen.getByLabelText('Email')
    await waitFor(() => expect(document.activeElement).toBe(email))

    await submit(/Send Login Code/)
    const required = schemaMessage(signinOtpInput.safeParse({ email: '' }))
    expect(required).toBe('Email is required')
    expectFieldError(email, required)
    expect(document.activeElement).toBe(email)

    fireEvent.change(email, { target: { value: 'owner@example' } })
    // Typing clears the message; the next one waits for the next submit.
    expect(email.getAttribute('aria-invalid')).toBeNull()
    expect(screen.queryByText(required)).toBeNull()

    await submit(/Send Login Code/)
    const invalid = schemaMessage(signinOtpInput.safeParse({ email: 'owner@example' }))
    expect(invalid).toBe('Please enter a valid email address')
    expectFieldError(email, invalid)
    expect(calls).toEqual([])
  })

  it("asks for the password on the password way in, then for the code with the shared code schema's message", async () => {
    render(<LoginForm />, { wrapper: Providers })
    const email = screen.getByLabelText('Email')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in with password instead' }))
    })
    fireEvent.change(email, { target: { value: '  Owner@Example.com ' } })
    await submit(/^Sign in$/)
    expectFieldError(screen.getByLabelText('Password'), PASSWORD_REQUIRED)
    expect(calls).toEqual([])

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Email me a login code instead' }))
    })
    expect(screen.queryByText(PASSWORD_REQUIRED)).toBeNull()
    await submit(/Send Login Code/)
    // The first code of a fresh database takes more than findBy's default second on a loaded machine.
    await screen.findByRole('heading', { name: 'Check your email' }, { timeout: 10_000 })
    // The server got the address the shared schema makes of it; the screen shows it as typed.
    expect(calls).toEqual(['auth.signinOtp'])
    expect(document.querySelector('.login__email')?.textContent).toBe('Owner@Example.com')

    const code = screen.getByLabelText('Login code') as HTMLInputElement
    await waitFor(() => expect(document.activeElement).toBe(code))
    expect(describedText(code)).toBe(`${OTP_LENGTH} digits`)
    // docs/product.md §5: digits only, at most 6; anything else typed or pasted is dropped.
    fireEvent.change(code, { target: { value: '1a2 3-' } })
    expect(code.value).toBe('123')
    await submit(/Verify code/)
    const format = schemaMessage(codeSchema.safeParse('123'))
    expect(format).toBe(ERRORS.codeFormat)
    expectFieldError(code, format)
    expect(calls).toEqual(['auth.signinOtp'])
    fireEvent.change(code, { target: { value: '12a3456789' } })
    expect(code.value).toBe('123456')
    expect(code.getAttribute('aria-invalid')).toBeNull()
    // With the message gone, the field is described by its hint again.
    expect(describedText(code)).toBe(`${OTP_LENGTH} digits`)
  })

  it('tells a second device how long to wait and takes it to the code step of the code already sent', async () => {
    const address = `second-device-${Date.now()}@example.com`
    // The first device asked for a code a moment ago.
    await (await t.caller()).auth.signinOtp({ email: address })
    render(<LoginForm />, { wrapper: Providers })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: address } })
    await submit(/Send Login Code/)
    const alert = await screen.findByText(/^Please wait \d+ seconds before requesting another code\.$/)
    const wait = Number(/\d+/.exec(alert.textContent ?? '')?.[0])
    expect(wait).toBeGreaterThanOrEqual(29)
    expect(wait).toBeLessThanOrEqual(30)
    expect(mailedCodes(t.logs, address)).toHaveLength(1)

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'I already have a code' }))
    })
    await screen.findByRole('heading', { name: 'Check your email' })
    expect(screen.getByRole('button', { name: /^Resend code in (29|30)s$/ })).toHaveProperty('disabled', true)
    // No new code went out: the one in the mailbox is the one to type (signing with it: tests/api).
    expect(mailedCodes(t.logs, address)).toHaveLength(1)
    expect(calls).toEqual(['auth.signinOtp'])
  })
})
