// Hand-written hot statements opt in to a prepared statement per connection (server/db.ts), so
// PostgreSQL plans them once; everything else, Prisma's own statements included, stays unnamed.
import { describe, expect, it } from 'vitest'
import { preparedName } from '../../server/db.ts'
import { CATS_OF_USER_SQL } from '../../server/domain/cats/cats-of-owner.ts'

describe('preparedName', () => {
  it('names the cats read, which opts in with its leading comment', () => {
    expect(preparedName({ sql: CATS_OF_USER_SQL })).toBe('cats_of_user')
  })

  it('leaves other statements unnamed (planned each time)', () => {
    const prisma = 'SELECT "public"."users"."id" FROM "public"."users" WHERE "id" = $1'
    expect(preparedName({ sql: prisma })).toBe('')
    expect(preparedName({ sql: 'SELECT 1 /* prepared:late */' })).toBe('')
  })
})
