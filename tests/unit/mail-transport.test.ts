// Mail and transport: a plain-http PUBLIC_URL only on a loopback host (one-click unsubscribe, RFC 8058,
// and HSTS both need https), a default sender at PUBLIC_URL's host, and One-Click only over https.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../server/config.ts'
import { dayPlan } from '../../server/domain/care/day-plan.ts'
import { checkInReminderMail } from '../../server/domain/care/reminder-mail.ts'

const base = { NODE_ENV: 'test', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing' }
const config = (env: Record<string, string>) => loadConfig({ ...base, ...env })

describe('PUBLIC_URL', () => {
  it.each(['http://care.example.com', 'http://192.168.1.10:3000', 'http://0.0.0.0:3000'])(
    'refuses %s at start-up, naming RFC 8058 and HSTS',
    (url) => {
      expect(() => config({ PUBLIC_URL: url })).toThrow(ConfigError)
      expect(() => config({ PUBLIC_URL: url })).toThrow(/RFC 8058[\s\S]*HSTS|HSTS[\s\S]*RFC 8058/)
    },
  )

  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://[::1]:3000',
    'http://kitty.localhost',
    'https://care.example.com',
  ])('takes %s', (url) => {
    expect(config({ PUBLIC_URL: url }).PUBLIC_URL).toBe(url)
  })
})

describe('the default sender', () => {
  it("is at PUBLIC_URL's host", () => {
    expect(config({ PUBLIC_URL: 'https://care.example.com/app' }).MAIL_FROM).toBe(
      'Kitty Care <no-reply@care.example.com>',
    )
  })

  it('is at localhost without PUBLIC_URL, never kittycare.local', () => {
    expect(config({}).MAIL_FROM).toBe('Kitty Care <no-reply@localhost>')
  })

  it('MAIL_FROM still wins', () => {
    expect(
      config({ PUBLIC_URL: 'https://care.example.com', MAIL_FROM: 'Care <c@example.org>' }).MAIL_FROM,
    ).toBe('Care <c@example.org>')
  })
})

describe('List-Unsubscribe One-Click', () => {
  const mail = (origin: string) =>
    checkInReminderMail({
      to: 'ada@example.com',
      ownerName: 'Ada',
      plan: dayPlan({ name: 'Mochi', weightUnit: 'Lbs' } as never, { trainingDay: false, weighIn: false }),
      origin,
      checkInId: 7,
      dueAt: new Date('2026-03-08T14:00:00Z'),
      unsubscribeToken: 'tok',
    })

  it('over https: the link and the One-Click header', () => {
    expect(mail('https://care.example.com').headers).toEqual({
      'List-Unsubscribe': '<https://care.example.com/api/care/unsubscribe/tok>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })
  })

  it('over plain http (a local run): the link only, no One-Click (RFC 8058 asks for https)', () => {
    expect(mail('http://localhost:3000').headers).toEqual({
      'List-Unsubscribe': '<http://localhost:3000/api/care/unsubscribe/tok>',
    })
  })
})
