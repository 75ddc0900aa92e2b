import type { RestRoute } from '../adapter.ts'

/** SPEC §7 rows served by the billing router. */
export const billingRoutes: readonly RestRoute[] = []
