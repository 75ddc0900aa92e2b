import { Navigate } from 'react-router'
import { hasValidToken } from '../../storage.ts'

/** /dashboard: the signed-in owner's home is the report; a visitor signs in first. */
export function DashboardPage() {
  return <Navigate to={hasValidToken() ? '/progress' : '/login'} replace />
}
