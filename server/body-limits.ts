/** Ordinary requests are small; only photo uploads (a byte array in JSON) need more. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024
export const UPLOAD_BODY_LIMIT = 24 * 1024 * 1024
/** A chat photo of up to 10 MB as a JSON byte array ("255," is 4 characters a byte), with room to spare. */
export const ATTACHMENT_BODY_LIMIT = 48 * 1024 * 1024
