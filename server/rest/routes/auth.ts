import type {
  RefreshInput,
  SigninInput,
  SigninOtpInput,
  SignupInput,
  VerifyOtpInput,
} from '../../../shared/schemas/auth.ts'
import type { RestRoute } from '../adapter.ts'

// The body is validated by the procedure's own zod input; the casts only satisfy the compiler.

/** SPEC §7 rows served by the auth router. */
export const authRoutes: readonly RestRoute[] = [
  {
    method: 'POST',
    path: '/api/supabase/signup-passwordless',
    call: (caller, req) => caller.auth.signup(req.body as SignupInput),
  },
  {
    method: 'POST',
    path: '/api/supabase/signin',
    call: (caller, req) => caller.auth.signin(req.body as SigninInput),
  },
  {
    method: 'POST',
    path: '/api/supabase/signin-otp',
    call: (caller, req) => caller.auth.signinOtp(req.body as SigninOtpInput),
  },
  {
    method: 'POST',
    path: '/api/supabase/verify-otp',
    call: (caller, req) => caller.auth.verifyOtp(req.body as VerifyOtpInput),
  },
  // Beyond SPEC's table (issue 12, CONTRACT.md): end this session; renew the access token.
  {
    method: 'POST',
    path: '/api/supabase/logout',
    call: (caller) => caller.auth.logout(),
  },
  {
    method: 'POST',
    path: '/api/supabase/token/refresh',
    call: (caller, req) => caller.auth.refresh(req.body as RefreshInput),
  },
  {
    method: 'GET',
    path: '/api/supabase/account/export',
    call: (caller) => caller.auth.exportData(),
  },
  {
    method: 'DELETE',
    path: '/api/supabase/account',
    call: (caller) => caller.auth.deleteAccount(),
  },
]
