import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { createTokenService, resolveJwtSecret } from '../../server/services/tokens.ts'

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256'
const user = {
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  fullName: 'Ada Lovelace',
  emailVerified: true,
}

describe('session tokens and the verified-token cache', () => {
  it('verifies the same token again from the cache, with the same user', async () => {
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600 })
    const { token } = await tokens.issue(user)
    const first = await tokens.verify(token)
    const second = await tokens.verify(token)
    expect(first).toEqual(user)
    expect(second).toBe(first)
  })

  it('refuses a remembered token once it has expired', async () => {
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 1 })
    const { token } = await tokens.issue(user)
    expect(await tokens.verify(token)).toEqual(user)
    const { exp } = decodeJwt(token)
    await new Promise((resolve) => setTimeout(resolve, exp! * 1000 - Date.now() + 50))
    expect(await tokens.verify(token)).toBeNull()
  })

  it('does not let a token verified under one secret pass under another', async () => {
    const issuer = createTokenService({ secret: SECRET, ttlSeconds: 3600 })
    const other = createTokenService({ secret: `${SECRET}-rotated`, ttlSeconds: 3600 })
    const { token } = await issuer.issue(user)
    expect(await issuer.verify(token)).toEqual(user)
    expect(await other.verify(token)).toBeNull()
  })

  it('refuses a token altered by one character after the original was remembered', async () => {
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600 })
    const { token } = await tokens.issue(user)
    await tokens.verify(token)
    const last = token.at(-2) === 'A' ? 'B' : 'A'
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`
    expect(await tokens.verify(altered)).toBeNull()
  })
})

describe('the generated secret kept in DATA_DIR', () => {
  it('is made once and read back on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-secret-'))
    const first = resolveJwtSecret(undefined, dir)
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(resolveJwtSecret(undefined, dir)).toBe(first)
  })

  it('stops start-up with a clear message when the file holds too short a secret', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kitty-secret-'))
    fs.writeFileSync(path.join(dir, 'jwt-secret'), '\n')
    expect(() => resolveJwtSecret(undefined, dir)).toThrow(/shorter than 32 characters: delete it/)
  })
})
