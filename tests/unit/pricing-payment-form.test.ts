// The payment modal's pure rules: step checks, card input formatting, the country/state data and
// when a checkout key is given up.
import { describe, expect, it } from 'vitest'
import { COUNTRIES, regionsOf } from '../../client/src/features/payment/countries.ts'
import {
  contactProblem,
  forgetsCheckoutKey,
  formatCardNumber,
  formatExpiry,
} from '../../client/src/features/payment/validation.ts'
import {
  checkoutInput,
  DEMO_CARD_FIELDS,
  demoCardFormSchema,
  demoCardNumberSchema,
} from '../../shared/schemas/billing.ts'

const contact = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  country: 'US',
  state: 'CA',
  postalCode: '94105',
}

describe('step 1: contact information', () => {
  it('accepts a complete form', () => {
    expect(contactProblem(contact, true)).toBeNull()
    expect(contactProblem({ ...contact, email: '' }, false)).toBeNull()
  })

  it.each(['fullName', 'country', 'state', 'postalCode'] as const)('requires %s', (field) => {
    const blank = field === 'country' || field === 'state' ? '' : '   '
    expect(contactProblem({ ...contact, [field]: blank }, false)).toBe('Please fill in all required fields')
  })

  it('requires the e-mail only when it is asked, and then a valid one', () => {
    expect(contactProblem({ ...contact, email: '' }, true)).toBe('Please fill in all required fields')
    expect(contactProblem({ ...contact, email: 'ada@example' }, true)).toBe(
      'Please enter a valid email address',
    )
  })
})

describe('step 1 and the server share one state rule (shared/schemas/billing.ts)', () => {
  const order = { ...contact, paymentMethod: 'pm_card_visa', billingPeriod: 'Monthly' as const }

  it('needs a state where the country has states, and none where it has none', () => {
    expect(contactProblem({ ...contact, state: '' }, false)).toBe('Please fill in all required fields')
    expect(checkoutInput.safeParse({ ...order, state: '' }).success).toBe(false)
    // Every listed country has regions; a code outside the list has none to choose from.
    expect(regionsOf('ZZ')).toEqual([])
    expect(contactProblem({ ...contact, country: 'ZZ', state: '' }, false)).toBeNull()
    expect(checkoutInput.safeParse({ ...order, country: 'ZZ', state: '' }).success).toBe(true)
  })
})

describe('step 2: the demo card (the shared schema the form resolves with)', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  const card = { nameOnCard: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }
  /** The one message the form shows: the first field's, in the order of the fields. */
  function demoCardProblem(value: typeof card): string | null {
    const result = demoCardFormSchema(() => now).safeParse(value)
    if (result.success) return null
    for (const field of DEMO_CARD_FIELDS) {
      const issue = result.error.issues.find((i) => i.path[0] === field)
      if (issue) return issue.message
    }
    return null
  }

  it('accepts a complete card', () => {
    expect(demoCardProblem(card)).toBeNull()
    expect(demoCardProblem({ ...card, expiry: '11/26' })).toBeNull()
  })

  it('requires the full name on the card first', () => {
    expect(demoCardProblem({ ...card, nameOnCard: '  ', number: '' })).toBe(
      'Please enter the full name on the card',
    )
  })

  it('refuses short numbers, bad or past dates and bad CVCs, one message per field', () => {
    expect(demoCardProblem({ ...card, number: '4242' })).toBe('Please enter the card number')
    expect(demoCardProblem({ ...card, number: '4242 4242 4242 4242 4242' })).toBe(
      'Please enter the card number',
    )
    expect(demoCardProblem({ ...card, expiry: '13/30' })).toBe('Please enter the expiry date as MM/YY')
    expect(demoCardProblem({ ...card, expiry: '1230' })).toBe('Please enter the expiry date as MM/YY')
    expect(demoCardProblem({ ...card, expiry: '10/26' })).toBe(
      'Your card has expired. Please use a different card.',
    )
    expect(demoCardProblem({ ...card, cvc: '12' })).toBe('Please enter the 3 or 4 digit security code')
    const expired = demoCardFormSchema(() => now).safeParse({ ...card, expiry: '10/26' })
    expect(expired.success ? [] : expired.error.issues.map((i) => i.message)).toEqual([
      'Your card has expired. Please use a different card.',
    ])
  })

  it("is the server's rule for the number: what the form accepts the checkout accepts, and the reverse", () => {
    const numbers = [
      '4242 4242 4242 4242',
      '4000-0000-0000-0002',
      '4242424242424',
      '4242',
      '4242x4242424242',
      '1'.repeat(20),
      ' 4242 4242 4242 4242 ',
    ]
    for (const number of numbers) {
      const form = demoCardFormSchema(() => now).safeParse({ ...card, number }).success
      expect(demoCardNumberSchema.safeParse(number).success, number).toBe(form)
    }
    // The server says it in its own words.
    const refused = demoCardNumberSchema.safeParse('4242')
    expect(refused.success ? null : refused.error.issues[0]?.message).toBe(
      'This is a demo: no money moves. Please use a test card such as 4242 4242 4242 4242.',
    )
  })

  it('formats the number by fours (at most 19 digits) and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242')
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002')
    expect(formatCardNumber('42424')).toBe('4242 4')
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19)
    expect(formatExpiry('1')).toBe('1')
    expect(formatExpiry('12')).toBe('12')
    expect(formatExpiry('1234')).toBe('12/34')
    expect(formatExpiry('12/345')).toBe('12/34')
  })
})

describe('country and state data', () => {
  it('lists about 240 countries, each with a two-letter code', () => {
    expect(COUNTRIES.length).toBeGreaterThan(230)
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/)
  })

  it("never offers the literal 'undefined' or an empty code, and keeps every state's value unique", () => {
    for (const country of COUNTRIES) {
      const codes = country.regions.map((region) => region.code)
      expect(new Set(codes).size).toBe(codes.length)
      for (const code of codes) {
        expect(code).not.toBe('undefined')
        expect(code.trim()).not.toBe('')
      }
    }
    // The Cook Islands' regions have no codes in the data: they are chosen by name.
    expect(regionsOf('CK')).toContainEqual({ name: 'Aitutaki', code: 'Aitutaki' })
    expect(regionsOf('US')).toContainEqual({ name: 'California', code: 'CA' })
    expect(regionsOf('')).toEqual([])
  })
})

describe('checkout key', () => {
  it('is given up after a decline or invalid input, and kept when the outcome is unknown', () => {
    for (const code of [
      'CARD_DECLINED',
      'INSUFFICIENT_FUNDS',
      'PAYMENT_FAILED',
      'INVALID_INPUT',
      'DEMO_CARD_UNKNOWN',
    ] as const) {
      expect(forgetsCheckoutKey(code)).toBe(true)
    }
    for (const code of [
      null,
      'UNEXPECTED',
      'SERVICE_UNAVAILABLE',
      'PAYMENT_IN_PROGRESS',
      'ACTIVATION_FEE_REQUIRED',
      'TOO_MANY_REQUESTS',
      'NOT_AUTHENTICATED',
    ] as const) {
      expect(forgetsCheckoutKey(code)).toBe(false)
    }
  })
})
