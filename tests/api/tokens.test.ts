import { decodeJwt } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../server/db.ts'
import { createTokenService, resolveJwtSecret, SESSION_CHECK_MS } from '../../server/services/tokens.ts'
import { suiteDatabase } from '../helpers/database.ts'

// Moved from tests/unit: a token now names a server-side session, so these need a database.

const SECRET = 'unit-test-secret-that-is-long-enough-for-hs256'
const database = suiteDatabase()
const user = {
  id: 0,
  email: 'ada@example.com',
  firstName: 'Ada',
  fullName: 'Ada Lovelace',
  emailVerified: true,
}

beforeAll(async () => {
  user.id = (await database.prisma.user.create({ data: { email: user.email } })).id
})

const service = (secret = SECRET, ttlSeconds = 3600, now?: () => number) =>
  createTokenService({ secret, ttlSeconds, db: database.prisma, ...(now && { now }) })

describe('session tokens and the verified-token cache', () => {
  it('verifies the same token again from the cache, with the same user', async () => {
    const tokens = service()
    const { token, sessionId } = await tokens.issue(user)
    const first = await tokens.verify(token)
    const second = await tokens.verify(token)
    expect(first).toEqual({ ...user, sessionId })
    expect(second).toBe(first)
  })

  it('refuses a remembered token once it has expired', async () => {
    // The service's clock, moved instead of sleeping until the token expires.
    let clock = Date.now()
    const tokens = service(SECRET, 60, () => clock)
    const { token, sessionId } = await tokens.issue(user)
    expect(await tokens.verify(token)).toEqual({ ...user, sessionId })
    const { exp } = decodeJwt(token)
    clock = exp! * 1000 - 1
    expect(await tokens.verify(token)).toEqual({ ...user, sessionId })
    clock = exp! * 1000 + 1
    expect(await tokens.verify(token)).toBeNull()
  })

  it('does not let a token verified under one secret pass under another', async () => {
    const issuer = service()
    const other = service(`${SECRET}-rotated`)
    const { token, sessionId } = await issuer.issue(user)
    expect(await issuer.verify(token)).toEqual({ ...user, sessionId })
    expect(await other.verify(token)).toBeNull()
  })

  it('refuses a token altered by one character after the original was remembered', async () => {
    const tokens = service()
    const { token } = await tokens.issue(user)
    await tokens.verify(token)
    const last = token.at(-2) === 'A' ? 'B' : 'A'
    const altered = `${token.slice(0, -2)}${last}${token.at(-1)}`
    expect(await tokens.verify(altered)).toBeNull()
  })

  it('refuses a remembered token at once when its session is revoked here', async () => {
    const tokens = service()
    const { token, sessionId } = await tokens.issue(user)
    expect(await tokens.verify(token)).not.toBeNull()
    await database.prisma.session.update({ where: { id: sessionId }, data: { revokedAt: new Date() } })
    tokens.forgetSessions([sessionId])
    expect(await tokens.verify(token)).toBeNull()
  })

  it('refuses a token whose session another instance revoked within SESSION_CHECK_MS (5 s), not later', async () => {
    // docs/operations.md: a revocation made elsewhere is honoured within 5 s. The clock is moved, not slept.
    let clock = Date.now()
    const tokens = service(SECRET, 3600, () => clock)
    const { token, sessionId } = await tokens.issue(user)
    expect(await tokens.verify(token)).toEqual({ ...user, sessionId })
    // Revoked in the database by another instance: this one is not told.
    await database.prisma.session.update({ where: { id: sessionId }, data: { revokedAt: new Date() } })
    clock += SESSION_CHECK_MS - 1
    expect(await tokens.verify(token)).toEqual({ ...user, sessionId })
    // Just past the bound (lru-cache keeps an entry for its whole ttl, the boundary included).
    clock += 2
    expect(await tokens.verify(token)).toBeNull()
    clock += SESSION_CHECK_MS
    expect(await tokens.verify(token)).toBeNull()
  })
})

describe('the generated secret kept in the database', () => {
  it('is made once and read back by every instance on the same database', async () => {
    const first = await resolveJwtSecret(undefined, database.prisma)
    expect(first.length).toBeGreaterThanOrEqual(32)
    const all = await Promise.all([1, 2, 3].map(() => resolveJwtSecret(undefined, database.prisma)))
    expect(all).toEqual([first, first, first])
    expect(await database.prisma.appSecret.count()).toBe(1)
  })

  it('lets JWT_SECRET win over the stored one', async () => {
    expect(await resolveJwtSecret(SECRET, database.prisma)).toBe(SECRET)
  })

  it('differs between databases', async () => {
    const other = await openPglite()
    try {
      expect(await resolveJwtSecret(undefined, other.prisma)).not.toBe(
        await resolveJwtSecret(undefined, database.prisma),
      )
    } finally {
      await other.close()
    }
  })
})
