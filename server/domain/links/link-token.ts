// The secret of a capability link (docs/operations.md "Capability links"): 256 random bits shown once in
// the URL; only its SHA-256 is stored, so a copy of the database opens nothing.
import { createHash, randomBytes } from 'node:crypto'

export const newLinkToken = (): string => randomBytes(32).toString('base64url')

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex')
