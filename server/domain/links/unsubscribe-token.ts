// The secret of a reminder e-mail's one-click unsubscribe link. Only its SHA-256 is stored (a copy of the
// database gives nobody the links); the token itself is derived, when a reminder is sent, from a server
// key, the plan and the plan's token generation, so it needs no storing. Resuming reminders moves the
// generation on: the links of the e-mails sent before stop working.
import { createHash, createHmac, randomBytes } from 'node:crypto'

/** The unsubscribe links' key, from the server's code key (its own purpose, so neither reveals the other). */
export function unsubscribeKey(codePepper: Buffer): Buffer {
  return createHmac('sha256', codePepper).update('kitty-care unsubscribe link v1').digest()
}

/** The link's token for a plan at a generation. */
export function unsubscribeToken(key: Buffer, catId: number, generation: number): string {
  return createHmac('sha256', key).update(`${catId}:${generation}`).digest('base64url')
}

/** What is stored, and looked up, for a token. */
export function hashUnsubscribeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** A stored value no token has yet (a new plan, a resumed one): the next reminder stores its token's hash. */
export function noUnsubscribeTokenYet(): string {
  return `none:${randomBytes(16).toString('hex')}`
}
