import type { FastifyBaseLogger } from 'fastify'
import { OTP_TTL_SECONDS, PRODUCT_NAME } from '../../shared/constants.ts'

/** What a mailed code is for: signing in, changing the password, or exporting or deleting the account. */
export type CodePurpose = 'sign-in' | 'password-change' | 'account-data'

/** An e-mail of the app's own (the check-in reminder): both parts, and headers such as List-Unsubscribe. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  headers?: Record<string, string>
  /**
   * The Message-ID, when the mail has one of its own: a message sent again (its sender died between the
   * mail server's acceptance and its sent mark) then carries the same id, and mailboxes show it once.
   */
  messageId?: string
  /** What the log line calls it ('check-in'). */
  kind: string
}

export interface Mailer {
  sendLoginCode(to: string, code: string, purpose?: CodePurpose): Promise<void>
  /** Sends or, without SMTP, logs it; rejects when the mail server refuses it or times out. */
  send(mail: OutgoingMail): Promise<void>
}

/** A mail server that does not answer within this is a failure the job queue retries. */
const SMTP_TIMEOUT_MS = 20_000

const WORDING = {
  'sign-in': { name: 'login code', line: 'Sign-in code', mail: 'login-code' },
  'password-change': { name: 'password change code', line: 'Password change code', mail: 'password-code' },
  'account-data': {
    name: 'code to export or delete your account',
    line: 'Code to export or delete the account',
    mail: 'account-code',
  },
} as const

function loginCodeMessage(code: string, purpose: CodePurpose) {
  const minutes = Math.round(OTP_TTL_SECONDS / 60)
  const { name } = WORDING[purpose]
  const subject = `Your ${PRODUCT_NAME} ${name}: ${code}`
  const text = `Your ${PRODUCT_NAME} ${name} is ${code}.\n\nIt is valid for ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail.\n`
  const html = `<div style="font-family:system-ui,sans-serif;max-width:480px;margin:auto">
<h1 style="color:#6b3fa0">${PRODUCT_NAME}</h1>
<p>Your ${name} is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold">${code}</p>
<p>It is valid for ${minutes} minutes and can be used once. If you did not ask for it, you can ignore this e-mail.</p>
</div>`
  return { subject, text, html }
}

/**
 * SMTP when SMTP_URL is set; otherwise one log line with the address and the code
 * (docs/operations.md "Environment").
 */
/** nodemailer's `dkim` option (docs/operations.md "DKIM"): every message is signed with it. */
export interface DkimKey {
  domainName: string
  keySelector: string
  privateKey: string
}

/**
 * The headers DKIM signs: nodemailer's own list and List-Unsubscribe-Post, which it leaves out, though a
 * mailbox honours one-click unsubscribe only when the signature covers it (RFC 8058 §4).
 */
const DKIM_SIGNED_HEADERS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type',
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From:Resent-Sender',
  'Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References',
  'List-Id:List-Help:List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive',
].join(':')

export function createMailer(options: {
  smtpUrl?: string | undefined
  from: string
  /** Unset: mail goes unsigned. */
  dkim?: DkimKey | undefined
  log: FastifyBaseLogger
  /** Where the plain sign-in line goes without SMTP; stderr by default. */
  writeLine?: (line: string) => void
}): Mailer {
  if (!options.smtpUrl) {
    const write = options.writeLine ?? ((line: string) => process.stderr.write(`${line}\n`))
    return {
      async sendLoginCode(to, code, purpose = 'sign-in') {
        // One plain line a person finds among the JSON logs (the README points to it), and the
        // structured entry for tools and tests.
        const { line, mail } = WORDING[purpose]
        write(`${line} for ${to}: ${code}`)
        options.log.info({ mail, to, code }, `${line} for ${to}: ${code}`)
      },
      async send(mail) {
        options.log.info(
          { mail: mail.kind, to: mail.to, subject: mail.subject, text: mail.text },
          'e-mail (no SMTP_URL)',
        )
      },
    }
  }
  const smtpUrl = options.smtpUrl
  const dkim = options.dkim && { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS }
  // nodemailer is loaded on the first e-mail: servers that log codes never pay for it.
  const transport = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport(smtpUrl, dkim ? { dkim } : {}),
  )
  transport.catch(() => {})
  // Reminders go out by the thousand in one minute: a small pool of kept-open connections.
  const pooled = import('nodemailer').then(({ default: nodemailer }) =>
    nodemailer.createTransport(smtpUrl, {
      pool: true,
      maxConnections: 32,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      // The headers a mailbox needs to trust one-click unsubscribe are signed with the rest (RFC 8058 §4).
      ...(dkim ? { dkim } : {}),
    } as Parameters<typeof nodemailer.createTransport>[1]),
  )
  pooled.catch(() => {})
  return {
    async sendLoginCode(to, code, purpose = 'sign-in') {
      await (await transport).sendMail({ from: options.from, to, ...loginCodeMessage(code, purpose) })
    },
    async send({ kind: _kind, ...mail }) {
      await (await pooled).sendMail({ from: options.from, ...mail })
    },
  }
}
