// DKIM (docs/operations.md "DKIM"): with a key and a selector configured, the check-in reminder goes
// out through the SMTP capture double signed by nodemailer, and mailauth's verifier, reading the public
// key from a local resolver (no DNS), passes the signature, whose h= tag covers List-Unsubscribe and
// List-Unsubscribe-Post (RFC 8058 §4). Without a key nothing is signed; a key without a selector stops
// start-up. A tampered List-Unsubscribe fails the check, so the test can fail.
import { generateKeyPairSync } from 'node:crypto'
import { dkimVerify } from 'mailauth/lib/dkim/verify.js'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { dayPlan } from '../../server/domain/care/day-plan.ts'
import { checkInReminderMail } from '../../server/domain/care/reminder-mail.ts'
import { createMailer } from '../../server/services/mail.ts'
import { type SmtpCapture, startSmtpCapture } from '../doubles/smtp-server.ts'

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const PRIVATE_PEM = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()
const PUBLIC_B64 = publicKey.export({ type: 'spki', format: 'der' }).toString('base64')
const DOMAIN = 'care.example.com'
const SELECTOR = 'kitty2026'

let smtp: SmtpCapture
beforeAll(async () => {
  smtp = await startSmtpCapture()
})
afterAll(async () => {
  await smtp?.close()
})

/** The DNS answer the record of docs/operations.md publishes, from memory instead of the network. */
async function resolver(name: string, type: string) {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`)
    return [[`v=DKIM1; k=rsa; p=${PUBLIC_B64}`]]
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' })
}

async function sendReminder(to: string, env: Record<string, string>) {
  const config = loadConfig({
    SMTP_URL: smtp.url,
    PUBLIC_URL: `https://${DOMAIN}`,
    JWT_SECRET: 'x'.repeat(40),
    ...env,
  })
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: pino({ level: 'silent' }),
    ...(config.DKIM_PRIVATE_KEY && config.DKIM_SELECTOR && config.DKIM_DOMAIN
      ? {
          dkim: {
            domainName: config.DKIM_DOMAIN,
            keySelector: config.DKIM_SELECTOR,
            privateKey: config.DKIM_PRIVATE_KEY,
          },
        }
      : {}),
  })
  const since = Date.now()
  const plan = dayPlan(
    {
      name: 'Mochi',
      foodBowls: 2,
      treats: 1,
      playtime: 15,
      weight: 10,
      targetWeight: 10,
      weightUnit: 'Lbs',
      age: 5,
      activityLevel: 'Active',
      breed: 'Siamese',
      gender: 'Female',
    },
    { trainingDay: true, weighIn: false },
  )
  await mailer.send(
    checkInReminderMail({
      to,
      ownerName: 'Ada',
      plan,
      origin: `https://${DOMAIN}`,
      checkInId: 7,
      dueAt: new Date(),
      unsubscribeToken: 'u'.repeat(43),
    }),
  )
  return smtp.waitForMail(to, { since })
}

describe('DKIM', () => {
  it('signs the reminder so that List-Unsubscribe and List-Unsubscribe-Post verify', async () => {
    const mail = await sendReminder('dkim-signed@example.com', {
      DKIM_PRIVATE_KEY: PRIVATE_PEM.replace(/\n/g, '\\n'),
      DKIM_SELECTOR: SELECTOR,
    })
    expect(mail.raw).toMatch(/^DKIM-Signature:/im)
    const result = await dkimVerify(Buffer.from(mail.raw), { resolver })
    expect(result.results).toHaveLength(1)
    const signature = result.results[0]!
    expect(signature.status.result).toBe('pass')
    expect(signature.signingDomain).toBe(DOMAIN)
    expect(signature.selector).toBe(SELECTOR)
    const signed = String(signature.signingHeaders.keys).toLowerCase().split(': ')
    expect(signed).toEqual(expect.arrayContaining(['list-unsubscribe', 'list-unsubscribe-post']))

    // A changed List-Unsubscribe no longer verifies: the signature covers it.
    const split = mail.raw.indexOf('\r\n\r\n')
    const head = mail.raw.slice(0, split)
    expect(head).toContain('u'.repeat(43))
    const tampered = head.replace('u'.repeat(43), 'v'.repeat(43)) + mail.raw.slice(split)
    expect(tampered).not.toBe(mail.raw)
    const failed = await dkimVerify(Buffer.from(tampered), { resolver })
    expect(failed.results[0]?.status.result).toBe('fail')
  })

  it('no key, no signature; a key without its selector stops start-up', async () => {
    const mail = await sendReminder('dkim-unsigned@example.com', {})
    expect(mail.raw).not.toMatch(/^DKIM-Signature:/im)
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(40), DKIM_PRIVATE_KEY: PRIVATE_PEM })).toThrow(
      /DKIM_PRIVATE_KEY and DKIM_SELECTOR go together/,
    )
    expect(() =>
      loadConfig({ JWT_SECRET: 'x'.repeat(40), DKIM_PRIVATE_KEY: 'not a key', DKIM_SELECTOR: SELECTOR }),
    ).toThrow(/DKIM_PRIVATE_KEY: must be a PEM private key/)
  })
})
