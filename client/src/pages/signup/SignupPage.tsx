import { Navigate, useLocation } from 'react-router'

/** /signup: the code sign-in creates the account on first verify, so signing up is signing in (query kept). */
export function SignupPage() {
  return <Navigate to={{ pathname: '/login', search: useLocation().search }} replace />
}
