import type { RestRoute } from '../adapter.ts'

/** SPEC §7 rows served by the interview router. */
export const interviewRoutes: readonly RestRoute[] = []
