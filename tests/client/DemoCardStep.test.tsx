// The payment modal's demo card step (client/src/features/payment/DemoCardStep.tsx) in jsdom:
// react-hook-form over the shared schema (shared/schemas/billing.ts), one message at a time in the order
// of the fields, the inputs formatted as typed, and the card number handed to the payment as typed.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CardSource } from '../../client/src/features/payment/checkout-flow.ts'
import { DemoCardStep } from '../../client/src/features/payment/DemoCardStep.tsx'

afterEach(() => {
  cleanup()
})

function setup(options: { fullName?: string; error?: string | null } = {}) {
  const paid: CardSource[] = []
  render(
    <DemoCardStep
      fullName={options.fullName ?? 'Ada Lovelace'}
      error={options.error ?? null}
      processing={false}
      summary={<p>Due today</p>}
      actions={<button type="submit">Pay</button>}
      onPay={async (card) => {
        paid.push(await card())
        return true
      }}
    />,
  )
  return paid
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })
const pay = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })))
const message = () => screen.queryByRole('alert')?.textContent ?? null

describe('DemoCardStep', () => {
  it('starts with the name from step 1, focused, and formats the card fields as they are typed', async () => {
    setup()
    expect(field('Full name on card').value).toBe('Ada Lovelace')
    await waitFor(() => expect(document.activeElement).toBe(field('Full name on card')))
    type('Card number', '4242424242424242')
    expect(field('Card number').value).toBe('4242 4242 4242 4242')
    type('Expiry (MM/YY)', '1234')
    expect(field('Expiry (MM/YY)').value).toBe('12/34')
    type('CVC', '1a2b3c4d5')
    expect(field('CVC').value).toBe('1234')
  })

  it('tells one problem at a time, in the order of the fields, and pays nothing until the card is complete', async () => {
    const paid = setup({ fullName: '' })
    await pay()
    expect(message()).toBe('Please enter the full name on the card')
    type('Full name on card', 'Ada Lovelace')
    // The message stays until the next Pay.
    expect(message()).toBe('Please enter the full name on the card')
    await pay()
    expect(message()).toBe('Please enter the card number')
    type('Card number', '4242 4242')
    await pay()
    expect(message()).toBe('Please enter the card number')
    type('Card number', '4242 4242 4242 4242')
    await pay()
    expect(message()).toBe('Please enter the expiry date as MM/YY')
    type('Expiry (MM/YY)', '01/20')
    await pay()
    expect(message()).toBe('Your card has expired. Please use a different card.')
    type('Expiry (MM/YY)', '12/99')
    await pay()
    expect(message()).toBe('Please enter the 3 or 4 digit security code')
    expect(paid).toEqual([])

    type('CVC', '123')
    await pay()
    expect(message()).toBeNull()
    expect(paid).toEqual([{ kind: 'demo', cardNumber: '4242 4242 4242 4242' }])
  })

  it("shows the payment's own failure when the card itself is complete", async () => {
    setup({ error: 'Your card was declined.' })
    expect(message()).toBe('Your card was declined.')
    await pay()
    // A problem of the form comes first.
    expect(message()).toBe('Please enter the card number')
  })
})
