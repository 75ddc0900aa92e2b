// Without SMTP_URL the sign-in code is one plain line a person can find (the README points to it),
// besides the structured log entry tools and tests read.
import { Writable } from 'node:stream'
import { expect, it } from 'vitest'
import { createLogger } from '../../server/logger.ts'
import { createMailer } from '../../server/services/mail.ts'

/** A mailer without SMTP, and what it wrote: the plain lines and the structured log entries. */
function mailerWithoutSmtp() {
  const plain: string[] = []
  const json: string[] = []
  const log = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        json.push(String(chunk))
        done()
      },
    }),
  )
  const mailer = createMailer({ from: 'x@y.z', log, writeLine: (line) => plain.push(line) })
  return { mailer, plain, json }
}

it('prints "Sign-in code for <address>: <code>" as one plain line', async () => {
  const { mailer, plain, json } = mailerWithoutSmtp()
  await mailer.sendLoginCode('a@b.c', '123456')
  expect(plain).toEqual(['Sign-in code for a@b.c: 123456'])
  expect(JSON.parse(json[0]!)).toMatchObject({ mail: 'login-code', to: 'a@b.c', code: '123456' })
})

it('names a password-change code as one, in the plain line and the structured entry', async () => {
  const { mailer, plain, json } = mailerWithoutSmtp()
  await mailer.sendLoginCode('a@b.c', '654321', 'password-change')
  expect(plain).toEqual(['Password change code for a@b.c: 654321'])
  expect(JSON.parse(json[0]!)).toMatchObject({ mail: 'password-code', to: 'a@b.c', code: '654321' })
})
