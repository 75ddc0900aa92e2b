// Built calendar feeds by their ETag (docs/operations.md "Capability links"): the ETag is a digest of
// everything the feed is made of, so a cached body is never stale; a new record or a new day makes a new
// ETag. Bounded in bytes, least recently read dropped first; each instance keeps its own.
const MAX_CACHED_BYTES = 16 * 1024 * 1024

const entries = new Map<string, Buffer>()
let cachedBytes = 0

export function cachedFeed(etag: string): Buffer | undefined {
  const body = entries.get(etag)
  if (body) {
    // Most recently read last: Map keeps insertion order.
    entries.delete(etag)
    entries.set(etag, body)
  }
  return body
}

export function cacheFeed(etag: string, body: Buffer): void {
  if (body.length > MAX_CACHED_BYTES || entries.has(etag)) return
  entries.set(etag, body)
  cachedBytes += body.length
  for (const [key, old] of entries) {
    if (cachedBytes <= MAX_CACHED_BYTES) break
    entries.delete(key)
    cachedBytes -= old.length
  }
}
