import type { RestRoute } from '../adapter.ts'

/** SPEC §7 rows served by the conversation router. */
export const conversationRoutes: readonly RestRoute[] = []
