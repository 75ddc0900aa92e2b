/** Ordinary requests are small; only photo uploads (a byte array in JSON) need more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024
export const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024
/** The tRPC procedures that carry a photo: each has a /trpc route of its own with UPLOAD_BODY_LIMIT. */
export const UPLOAD_PROCEDURES: ReadonlySet<string> = new Set(['cat.update', 'cat.create'])
/** Procedures that hold a photo's megabytes per call (server/heavy-gate.ts runs a few at a time). */
export const HEAVY_PROCEDURES: ReadonlySet<string> = new Set([...UPLOAD_PROCEDURES, 'cat.photo'])
/** REST rows of the heavy procedures (uploads are the rows with a larger body limit). */
export const HEAVY_REST_PATHS: ReadonlySet<string> = new Set(['/api/supabase/cats/:id/photo'])
