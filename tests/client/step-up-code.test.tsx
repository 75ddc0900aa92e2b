// @vitest-environment jsdom
// The account page's step-up code (client/src/features/account/ask-for-code.ts) below the browser,
// against the real routers: a code asked again within the resend interval is refused with
// RESEND_TOO_SOON and its wait as data, and the page goes on to the code step for the code already in
// the mailbox, as it does after a send.
import '../helpers/jsdom-node-bytes.ts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { callerLink, clientTestApp } from '../helpers/caller-link.ts'
import { mailedCodes } from '../helpers/mailed-codes.ts'

const { trpc } = await import('../../client/src/trpc.ts')
const { AccountSettings } = await import('../../client/src/pages/account/AccountSettings.tsx')

const t = clientTestApp()
afterEach(cleanup)

function Providers({ children }: { children: ReactNode }) {
  const queryClient = new QueryClient()
  const client = trpc.createClient({ links: [callerLink(t)] })
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/profile']}>{children}</MemoryRouter>
      </QueryClientProvider>
    </trpc.Provider>
  )
}

describe('a step-up code asked again too soon', () => {
  it('opens the code step for the code already sent, mailing none', async () => {
    const email = `step-up-${Date.now()}@example.com`
    const owner = await t.signIn(email)
    localStorage.setItem('token', owner.token)
    localStorage.setItem('email', email)
    // Another tab asked for the password code a moment ago.
    await (await t.caller(owner.token)).auth.sendPasswordCode()
    render(<AccountSettings />, { wrapper: Providers })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }))
    })
    await screen.findByLabelText('Code from the e-mail')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(mailedCodes(t.logs, email)).toHaveLength(1)
  })
})

describe('a new password too short', () => {
  it('says so in words, without the field name the server puts before it', async () => {
    const email = `short-password-${Date.now()}@example.com`
    const owner = await t.signIn(email)
    localStorage.setItem('token', owner.token)
    localStorage.setItem('email', email)
    render(<AccountSettings />, { wrapper: Providers })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Email me a code' }))
    })
    fireEvent.change(await screen.findByLabelText('Code from the e-mail'), {
      target: { value: mailedCodes(t.logs, email).at(-1) },
    })
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save password' }))
    })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Password must be at least 8 characters')
  })
})
