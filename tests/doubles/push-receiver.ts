// A local Web Push service over HTTPS (push endpoints are https; a self-signed certificate for 127.0.0.1
// that this test process trusts): a browser's subscription (its own P-256 key pair and auth secret) whose
// endpoint is this server. It checks the VAPID Authorization header and decrypts every payload
// (RFC 8291, aes128gcm) with the browser's private key, as the browser would.
import { execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import https from 'node:https'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

// web-push's own ECE implementation (its dependency), used here on the receiving side.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: crypto.ECDH; authSecret: string }): Buffer
}

export interface ReceivedPush {
  /** The decrypted payload, parsed. */
  payload: Record<string, unknown>
  authorization: string
  ttl: string | undefined
}

export interface PushReceiver {
  /** What a browser's PushSubscription.toJSON() gives, pointing at this receiver. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } }
  received: ReceivedPush[]
  /** The next pushes answer this status instead of 201 (410: the subscription is gone). */
  answer(status: number): void
  close(): Promise<void>
}

/** A certificate for 127.0.0.1, trusted by this process's default HTTPS agent (which web-push uses). */
function selfSignedCertificate() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-receiver-'))
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  )
  const pair = {
    key: fs.readFileSync(path.join(dir, 'key.pem')),
    cert: fs.readFileSync(path.join(dir, 'cert.pem')),
  }
  fs.rmSync(dir, { recursive: true, force: true })
  const trusted = https.globalAgent.options.ca
  https.globalAgent.options.ca = [...(Array.isArray(trusted) ? trusted : trusted ? [trusted] : []), pair.cert]
  return pair
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const ecdh = crypto.createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = crypto.randomBytes(16).toString('base64url')
  const received: ReceivedPush[] = []
  let status = 201
  const server = https.createServer(selfSignedCertificate(), (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (status === 201) {
        const plain = ece.decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: ecdh,
          authSecret: auth,
        })
        received.push({
          payload: JSON.parse(plain.toString('utf8')) as Record<string, unknown>,
          authorization: String(req.headers.authorization ?? ''),
          ttl: req.headers.ttl as string | undefined,
        })
      }
      res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    subscription: {
      endpoint: `https://127.0.0.1:${port}/push/${crypto.randomUUID()}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
    },
    received,
    answer(next) {
      status = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
