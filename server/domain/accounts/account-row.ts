// An account as the sign-in rules read it, and as "me" answers it.
import type { Me } from '../../../shared/schemas/auth.ts'
import type { Db } from '../../db.ts'
import { appError } from '../../errors.ts'

export interface AccountRow {
  id: number
  email: string
  firstName: string
  fullName: string
  avatarUrl: string | null
}

export const ACCOUNT_FIELDS = {
  id: true,
  email: true,
  firstName: true,
  fullName: true,
  avatarUrl: true,
} as const

/** The signed-in account. A valid token for an account that no longer exists is no session at all. */
export async function accountProfile(db: Db, userId: number): Promise<Me> {
  const user = await db.user.findUnique({ where: { id: userId } })
  if (!user) throw appError('NOT_AUTHENTICATED')
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    full_name: user.fullName,
    avatar_url: user.avatarUrl,
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
  }
}
