// V8 settings for the production server, shared by `npm start` (and so the Docker image) and the
// benchmark. The server's live heap is about 35 MB; without limits V8 lets garbage pile up to several
// times that under load before collecting. A small young generation and a capped old generation keep
// peak memory near 120 MB with no measured loss of throughput; 128 MB of old space still leaves room
// for a 5 MB photo arriving as a JSON byte array.
export const SERVER_NODE_FLAGS = [
  '--max-semi-space-size=2',
  '--max-old-space-size=128',
  '--enable-source-maps',
]
