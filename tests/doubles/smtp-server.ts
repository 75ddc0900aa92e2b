// A real local SMTP server that keeps every message it receives, for tests and browser runs that need
// to read the e-mail the app sent (the one-time code). Point the app at it with SMTP_URL=<url>.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  from: string
  to: string[]
  /** The message as sent: headers and MIME body. */
  raw: string
  subject: string
  /** The Message-ID header: a message sent again carries the same one, and mailboxes show it once. */
  messageId: string
  /** The raw message with quoted-printable soft breaks and escapes undone, for plain `toContain` checks. */
  decoded: string
  receivedAt: number
}

export interface SmtpCapture {
  url: string
  messages: CapturedMail[]
  /** Resolves with the first message to `to` received after `since` (epoch ms), waiting up to `timeoutMs`. */
  waitForMail(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>
  /** The next `count` messages are refused at DATA with a 451 (a mail server in trouble). */
  failNext(count: number): void
  /** How many senders reset their connection in the middle of a message (a sender killed mid-send). */
  droppedConnections(): number
  /** The 6-digit code of the next login mail to `to` after `since`. */
  waitForCode(to: string, options?: { since?: number; timeoutMs?: number }): Promise<string>
  close(): Promise<void>
}

export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The code of a login mail: the subject carries it, the bodies repeat it. */
export function codeOf(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.subject)
  if (!match) throw new Error(`no code in mail "${mail.subject}"`)
  return match[1]!
}

export interface SmtpCaptureOptions {
  /** Addresses the server refuses at RCPT TO with a 550 (a bouncing address). */
  refuse?: (address: string) => boolean
}

/** An SMTP reply error the client sees as that code (nodemailer's `responseCode`). */
function smtpError(code: number, text: string) {
  return Object.assign(new Error(text), { responseCode: code })
}

export async function startSmtpCapture(options: SmtpCaptureOptions = {}): Promise<SmtpCapture> {
  const messages: CapturedMail[] = []
  const waiters = new Set<() => void>()
  let failures = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) return callback(smtpError(550, '5.1.1 mailbox unavailable'))
      callback()
    },
    onData(stream, session, callback) {
      if (failures > 0) {
        failures--
        stream.resume()
        stream.on('end', () => callback(smtpError(451, '4.3.0 try again later')))
        return
      }
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? ''
        const subject =
          /^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? ''
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          messageId: /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? '',
          decoded: decodeQuotedPrintable(raw),
          receivedAt: Date.now(),
        })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  // smtp-server emits a connection reset inside a transaction as an 'error' on the server; a relay logs
  // it and goes on, and without a listener it would be an uncaught exception in the test process.
  let dropped = 0
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET' || error.code === 'EPIPE') dropped++
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.server.address() as AddressInfo

  function find(to: string, since: number) {
    return messages.find((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()))
  }

  async function waitForMail(to: string, { since = 0, timeoutMs = 10_000 } = {}): Promise<CapturedMail> {
    const found = find(to, since)
    if (found) return found
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check)
        reject(new Error(`no mail to ${to} within ${timeoutMs} ms`))
      }, timeoutMs)
      function check() {
        const mail = find(to, since)
        if (!mail) return
        clearTimeout(timer)
        waiters.delete(check)
        resolve(mail)
      }
      waiters.add(check)
    })
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail,
    waitForCode: async (to, options) => codeOf(await waitForMail(to, options)),
    droppedConnections: () => dropped,
    failNext(count) {
      failures = count
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
