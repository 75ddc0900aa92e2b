import type { RestRoute } from '../adapter.ts'

/** SPEC §7 rows served by the auth router. */
export const authRoutes: readonly RestRoute[] = []
