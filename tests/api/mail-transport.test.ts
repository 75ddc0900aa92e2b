// Transport over the app: Strict-Transport-Security when PUBLIC_URL is https (never on a local http
// run), and the code mailed for export and deletion named for what it does.
import { describe, expect, it } from 'vitest'
import { createTestApp, postRest, suiteApp } from '../helpers/app.ts'

describe('Strict-Transport-Security', () => {
  const https = suiteApp(() => createTestApp({ env: { PUBLIC_URL: 'https://care.example.com' } }))
  const local = suiteApp(() => createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } }))

  it('sent on every answer when PUBLIC_URL is https', async () => {
    for (const url of ['/healthz', '/api/openapi.json', '/api/supabase/cats']) {
      const res = await https.app.inject({ method: 'GET', url })
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
    }
  })

  it('not sent on a plain-http local run', async () => {
    const res = await local.app.inject({ method: 'GET', url: '/healthz' })
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('the export and deletion code mail', () => {
  const t = suiteApp()

  it('says it is for exporting or deleting the account, not a password change', async () => {
    const { token } = await t.signIn('stepup@example.com')
    const sent = await postRest(t, '/api/supabase/account/verification-code', {}, { token })
    expect(sent.status).toBe(200)
    const mails = t.logs
      .flatMap((chunk) => chunk.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { mail?: string; to?: string; subject?: string; msg?: string })
      .filter((entry) => entry.to === 'stepup@example.com' && entry.mail)
    expect(mails).toHaveLength(1)
    const line = JSON.stringify(mails[0])
    expect(line).not.toMatch(/password/i)
    expect(line).toMatch(/export or delete/i)
  })
})
