import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  EMAIL_MESSAGES,
  emailProblem,
  isCompleteCode,
  isValidEmail,
  normalizeEmail,
  sanitizeCode,
} from '../../shared/rules/email.ts'
import { emailSchema } from '../../shared/schemas/primitives.ts'
import { DISGUISED_ADDRESSES } from '../helpers/addresses.ts'

describe('login e-mail (docs/product.md §5)', () => {
  it('is required', () => {
    expect(emailProblem('')).toBe(EMAIL_MESSAGES.required)
    expect(emailProblem('   ')).toBe(EMAIL_MESSAGES.required)
    expect(EMAIL_MESSAGES.required).toBe('Email is required')
  })

  it.each(['owner@example.com', 'a.b+cats@mail.example.co', ' Owner@Example.COM ', 'x@y.io', 'kat@über.de'])(
    'accepts %j',
    (email) => {
      expect(emailProblem(email)).toBeNull()
      expect(isValidEmail(email)).toBe(true)
    },
  )

  it.each([
    'owner',
    'owner@',
    '@example.com',
    'owner@example',
    'owner@example.c',
    'owner@example.c0m',
    'own er@example.com',
    'owner@@example.com',
    'owner@exa mple.com',
    `${'a'.repeat(250)}@example.com`,
    // Characters that hide, reorder or split an address (zero-width, bidi, control, list).
    ...DISGUISED_ADDRESSES,
  ])('refuses %j', (email) => {
    expect(emailProblem(email)).toBe(EMAIL_MESSAGES.invalid)
    expect(EMAIL_MESSAGES.invalid).toBe('Please enter a valid email address')
  })

  it('normalises to one spelling per mailbox', () => {
    expect(normalizeEmail('  Owner@Example.COM ')).toBe('owner@example.com')
    // NFKC: fullwidth letters are the plain ones, and the server keys the account on that spelling.
    expect(normalizeEmail('\uff2fwner@example.com')).toBe('owner@example.com')
    expect(emailProblem('\uff2fwner\uff20example.com')).toBeNull()
    expect(emailSchema.parse('\uff2fwner\uff20example.com')).toBe('owner@example.com')
  })

  it('says the same thing on the server as on the screen', () => {
    for (const value of ['', 'nope', 'owner@example.com', 'a@b.cd']) {
      const parsed = emailSchema.safeParse(value)
      const problem = emailProblem(value)
      expect(parsed.success).toBe(problem === null)
      if (!parsed.success) expect(parsed.error.issues[0]!.message).toBe(problem)
    }
    expect(emailSchema.parse(' Owner@Example.COM ')).toBe('owner@example.com')
    expect(emailSchema.safeParse(undefined).error?.issues[0]?.message).toBe(EMAIL_MESSAGES.required)
  })
})

describe('login code (docs/product.md §5: digits only, at most 6, non-digits stripped)', () => {
  it.each([
    ['123456', '123456'],
    ['12 34 56', '123456'],
    ['123-456', '123456'],
    ['abc', ''],
    ['1234567890', '123456'],
    ['Your code: 654321.', '654321'],
    ['０１２', ''],
  ])('%j becomes %j', (typed, kept) => {
    expect(sanitizeCode(typed)).toBe(kept)
  })

  it('always yields at most 6 digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const code = sanitizeCode(text)
        expect(code).toMatch(/^\d{0,6}$/)
        expect(sanitizeCode(code)).toBe(code)
      }),
    )
  })

  it('is complete with exactly 6 digits', () => {
    expect(isCompleteCode('123456')).toBe(true)
    expect(isCompleteCode('12345')).toBe(false)
    expect(isCompleteCode('12345a')).toBe(false)
  })
})
