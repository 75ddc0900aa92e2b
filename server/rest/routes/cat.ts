import type { RestRoute } from '../adapter.ts'

/** SPEC §7 rows served by the cat router. */
export const catRoutes: readonly RestRoute[] = []
