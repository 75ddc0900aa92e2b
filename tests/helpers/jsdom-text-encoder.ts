// Imported first by a jsdom client test whose server code signs tokens. jsdom brings its own typed
// arrays: bytes from Node's TextEncoder fail the token library's `instanceof Uint8Array`. Encode into
// this realm's Uint8Array so the server code runs as in Node.
const NodeTextEncoder = globalThis.TextEncoder
globalThis.TextEncoder = class extends NodeTextEncoder {
  override encode(input?: string): Uint8Array<ArrayBuffer> {
    return new Uint8Array(super.encode(input))
  }
} as typeof TextEncoder
