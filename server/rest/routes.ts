import type { RestRoute } from './adapter.ts'
import { authRoutes } from './routes/auth.ts'
import { billingRoutes } from './routes/billing.ts'
import { catRoutes } from './routes/cat.ts'
import { conversationRoutes } from './routes/conversation.ts'
import { interviewRoutes } from './routes/interview.ts'

/** SPEC §7's call table: (method, path) → procedure, one file per router. Nothing else lives here. */
export const restRoutes: readonly RestRoute[] = [
  ...authRoutes,
  ...catRoutes,
  ...conversationRoutes,
  ...interviewRoutes,
  ...billingRoutes,
]
