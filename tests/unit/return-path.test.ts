// Where a sign-in returns (client/src/pages/login/return-path.ts): a path of this app only, so a link's
// `next` can never send a signed-in visitor to another site.
import { describe, expect, it } from 'vitest'
import { loginPathReturningTo, returnPath } from '../../client/src/pages/login/return-path.ts'

describe('the sign-in return path', () => {
  it('round-trips an invitation link through /login', () => {
    const path = '/household/accept?token=abc_DEF-123'
    const next = new URL(loginPathReturningTo(path), 'http://x').searchParams.get('next')
    expect(returnPath(next)).toBe(path)
  })

  it('refuses anything that is not a path of this app', () => {
    for (const next of [null, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'household'])
      expect(returnPath(next)).toBeNull()
  })
})
