// Imported first by a jsdom client test whose server code runs in the same process (tokens, images,
// PGlite). jsdom brings its own typed arrays, so Node's bytes (a Buffer, TextEncoder's output) fail the
// server libraries' `instanceof Uint8Array` (jose refuses the key, PGlite a bytea). The global is set
// back to Node's own, so the server code runs as in Node.
const NodeUint8Array = Object.getPrototypeOf(Buffer.prototype).constructor as Uint8ArrayConstructor
globalThis.Uint8Array = NodeUint8Array

// The app's uploads hand the server a FormData whose File is jsdom's, and jsdom's Blob has no
// arrayBuffer() (a browser's and Node's have): the server reads an uploaded file with it
// (shared/schemas/form-upload.ts fileBytes). Read through jsdom's own FileReader, as a browser reads it.
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as ArrayBuffer)
      reader.onerror = () => reject(reader.error)
      reader.readAsArrayBuffer(this)
    })
  }
}
