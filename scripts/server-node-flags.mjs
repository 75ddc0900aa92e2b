// Memory settings for the production server, shared by `npm start` (and so the Docker image) and the
// benchmark. The server's live heap is about 35 MB; with V8's defaults the process grew to 260–300 MB
// under load before collecting. A 4 MB young generation and 128 MB of old space keep the bench's peak
// near 135 MB (measured, with SERVER_ENV below). A 2 MB young generation saved about 5 MB more but
// cost about 15 % of the throughput of a small read; 8 MB gained nothing over 4 and peaked higher.
// 128 MB of old space still leaves room for a 5 MB photo arriving as a JSON byte array.
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=4',
  '--max-old-space-size=128',
  '--enable-source-maps',
]

// glibc gives each thread that allocates (V8's GC helpers, libuv's pool) an arena of its own that keeps
// freed memory; two arenas cut the server's peak RSS by about 12 MB with no measured cost. A value set
// in the environment wins.
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', ...process.env }
