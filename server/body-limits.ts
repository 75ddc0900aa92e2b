/** Ordinary requests are small; only photo uploads (a byte array in JSON) need more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024
export const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024
