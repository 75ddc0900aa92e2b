// A sign-in's session as docs/product.md §7 answers it: the token-session shape of signup and signin, and the
// Supabase-style session of verify-otp and token/refresh.
import type { RefreshOutput, TokenSession, VerifyOtpOutput } from '../../../shared/schemas/auth.ts'
import type { IssuedToken, TokenService } from '../../services/tokens.ts'
import type { AccountRow } from './account-row.ts'

/** Opens a session for `user` and answers it in the signup / signin shape. */
export async function tokenSession(
  tokens: Pick<TokenService, 'issue'>,
  user: AccountRow,
  emailVerified: boolean,
): Promise<TokenSession> {
  const issued = await tokens.issue({ ...user, emailVerified })
  return {
    token: issued.token,
    expiresIn: issued.expiresIn,
    photo: user.avatarUrl,
    refresh_token: issued.refreshToken!,
  }
}

/** An issued token with its refresh token, in the shape Supabase answers a session. */
export function bearerSession(issued: IssuedToken & { refreshToken: string }): RefreshOutput {
  return {
    access_token: issued.token,
    token_type: 'bearer' as const,
    expires_in: issued.expiresIn,
    expires_at: issued.expiresAt,
    refresh_token: issued.refreshToken,
  }
}

/** Opens a verified session for `user` (a code sign-in) and answers it with the account, as Supabase does. */
export async function verifiedSession(
  tokens: Pick<TokenService, 'issue'>,
  user: AccountRow,
): Promise<VerifyOtpOutput> {
  const issued = await tokens.issue({ ...user, emailVerified: true })
  return {
    session: bearerSession({ ...issued, refreshToken: issued.refreshToken! }),
    user: {
      id: user.id,
      email: user.email,
      user_metadata: { first_name: user.firstName, full_name: user.fullName, avatar_url: user.avatarUrl },
    },
  }
}
