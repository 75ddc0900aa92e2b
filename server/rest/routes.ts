import type { RestRoute } from './adapter.ts'

/** SPEC §7's call table: (method, path) → procedure. Nothing else lives here. */
export const restRoutes: readonly RestRoute[] = []
