import { describe, expect, it } from 'vitest'
import { codeOf, startSmtpCapture } from '../doubles/smtp-server.ts'
import { createTestApp, suiteAppWithDouble } from '../helpers/app.ts'

// The login code by real SMTP (nodemailer → a local capture server), and SESSION_TTL from the environment.

const smtpApp = suiteAppWithDouble(
  () => startSmtpCapture(),
  (smtp) =>
    createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kitty Care <codes@kittycare.test>', SESSION_TTL: '2d' },
    }),
)
const t = smtpApp.t

describe('login code e-mail over SMTP', () => {
  it('sends a plain-text and an HTML body with the product, the code and its validity', async () => {
    const email = `mail-${Date.now()}@example.com`
    const since = Date.now()
    const res = await t.app.inject({ method: 'POST', url: '/api/supabase/signin-otp', payload: { email } })
    expect(res.statusCode).toBe(200)

    const mail = await smtpApp.double.waitForMail(email, { since })
    expect(mail.to).toEqual([email])
    expect(mail.from).toBe('codes@kittycare.test')
    const code = codeOf(mail)
    expect(mail.subject).toContain('Kitty Care')
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i)
    expect(mail.raw).toMatch(/Content-Type: text\/html/i)
    const [, plain = ''] = mail.decoded.split(/Content-Type: text\/plain[^\n]*\n/i)
    const [, html = ''] = mail.decoded.split(/Content-Type: text\/html[^\n]*\n/i)
    for (const body of [plain, html]) {
      expect(body).toContain('Kitty Care')
      expect(body).toContain(code)
      expect(body).toContain('10 minutes')
    }
    // The log keeps no copy of the code when real mail is configured.
    expect(t.logs.join('')).not.toContain(code)

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/supabase/verify-otp',
      payload: { email, token: code, type: 'email' },
    })
    expect(verified.statusCode).toBe(200)
    // SESSION_TTL=2d.
    expect(verified.json().session.expires_in).toBe(2 * 86_400)
  })
})

describe('addresses SMTP would refuse or misread', () => {
  it('answers a zero-width space or a < in the address with 400 INVALID_INPUT before any mail, never 500', async () => {
    for (const email of [`own\u200ber-${Date.now()}@example.com`, `own<er-${Date.now()}@example.com`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/supabase/signin-otp', payload: { email } })
      expect({ email, status: res.statusCode, code: res.json().code }).toEqual({
        email,
        status: 400,
        code: 'INVALID_INPUT',
      })
    }
  })
})
