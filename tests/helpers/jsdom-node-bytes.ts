// Imported first by a jsdom client test whose server code runs in the same process (tokens, images,
// PGlite). jsdom brings its own typed arrays, so Node's bytes (a Buffer, TextEncoder's output) fail the
// server libraries' `instanceof Uint8Array` (jose refuses the key, PGlite a bytea). The global is set
// back to Node's own, so the server code runs as in Node.
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor
globalThis.Uint8Array = NodeUint8Array
