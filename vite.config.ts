import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const API_TARGET = `http://127.0.0.1:${process.env.API_PORT ?? 3001}`

/** Text files worth compressing; index.html is left out (the server injects its runtime config). */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/

/**
 * Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) beside every compressible built
 * file, once at build time, so the server sends them as they are (@fastify/static `preCompressed`).
 * A copy that would not be smaller is not written; the file is then sent as it is.
 */
function precompress(): Plugin {
  let outDir = ''
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name)
      return entry.isDirectory() ? walk(file) : [file]
    })
  return {
    name: 'kitty-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue
        const body = fs.readFileSync(file)
        const br = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
        const gz = zlib.gzipSync(body, { level: 9 })
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br)
        if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz)
      }
    },
  }
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every page is its own chunk; the /login entry stays small.
    chunkSizeWarningLimit: 400,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the first load.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/trpc': API_TARGET, '/api': API_TARGET, '/healthz': API_TARGET },
  },
})
