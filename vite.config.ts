import crypto from 'node:crypto'
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

/**
 * The landing screens that are their own chunk, by path. The server names their chunks in the page it
 * serves for that path only (server/http/route-preloads.ts), so they load beside the entry instead of after
 * it has run: /start's heading is its largest paint. /login is in the entry itself.
 */
const ROUTE_PAGES: Record<string, string> = {
  '/start': '/src/pages/start/ShortQuizPage.tsx',
  '/start-b': '/src/pages/start/ShortQuizPage.tsx',
}
/** Read by server/http/route-preloads.ts. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json'

/** Writes ROUTE_PRELOADS_FILE: for each path of ROUTE_PAGES, its page chunk and their imports not in the entry. */
function routePreloads(): Plugin {
  return {
    name: 'kitty-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const entry = chunks.find((chunk) => chunk.isEntry)
      const loaded = new Set(entry ? [entry.fileName, ...entry.imports] : [])
      const withImports = (fileName: string, files: Set<string>): Set<string> => {
        if (files.has(fileName) || loaded.has(fileName)) return files
        files.add(fileName)
        for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, files)
        return files
      }
      const preloads: Record<string, string[]> = {}
      for (const [route, page] of Object.entries(ROUTE_PAGES)) {
        const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(page)))
        if (!chunk) this.error(`no chunk for ${page} (the page of ${route})`)
        preloads[route] = [...withImports(chunk.fileName, new Set())].map((file) => `/${file}`)
      }
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) })
    },
  }
}

/** The public files of the app's shell, precached by the service worker beside the entry's own files. */
const SHELL_FILES = [
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/logo.svg',
  '/icon-192.png',
  '/icon-512.png',
  '/icon-maskable-512.png',
  '/apple-touch-icon.png',
]
const SW_SOURCE = 'client/sw.js'
const PRECACHE_LINE = /^const PRECACHE = .*$/m

/**
 * Writes sw.js (client/sw.js) with its precache list: the shell's public files and the entry chunk with
 * its imports and styles, under a version hashed from all of them, so a new build makes browsers
 * install the new worker and drop the old cache. In dev, /sw.js is served as written (no precache).
 */
function serviceWorker(): Plugin {
  let root = ''
  return {
    name: 'kitty-service-worker',
    configResolved(config) {
      root = path.resolve(config.root, '..')
    },
    configureServer(server) {
      server.middlewares.use('/sw.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript')
        res.end(fs.readFileSync(path.join(root, SW_SOURCE)))
      })
    },
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry)
      if (entry?.type !== 'chunk') return this.error('no entry chunk for the service worker')
      const built = [entry.fileName, ...entry.imports, ...(entry.viteMetadata?.importedCss ?? [])]
      // The first-aid screens open with no network even before their first visit (docs/first-aid.md).
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.facadeModuleId?.includes('/pages/first-aid/')) continue
        built.push(file.fileName, ...file.imports, ...(file.viteMetadata?.importedCss ?? []))
      }
      const urls = [...SHELL_FILES, ...new Set(built)].map((file) =>
        file.startsWith('/') ? file : `/${file}`,
      )
      const hash = crypto.createHash('sha256').update(urls.join('\n'))
      for (const file of SHELL_FILES) hash.update(fs.readFileSync(path.join(root, 'client/public', file)))
      const version = hash.digest('hex').slice(0, 16)
      const source = fs
        .readFileSync(path.join(root, SW_SOURCE), 'utf8')
        .replace(PRECACHE_LINE, `const PRECACHE = ${JSON.stringify({ version, urls })}`)
      this.emitFile({ type: 'asset', fileName: 'sw.js', source })
    },
  }
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), routePreloads(), serviceWorker(), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Every page is its own chunk; the /login entry stays small.
    chunkSizeWarningLimit: 400,
    // Every browser the app supports has <link rel="modulepreload">: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what a group names goes into it (not React, which the entry holds).
          includeDependenciesRecursively: false,
          // /start's page in one chunk (the quiz, its icons, options and answers), not five: on a slow
          // phone connection each request of the first load waits for its own round trip.
          groups: [
            {
              name: 'start',
              test: /client\/src\/(pages\/start|components\/quiz|components\/Icon\.tsx|hooks\/useCatAnswers\.ts)|shared\/options\.ts|lucide-react/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/trpc': API_TARGET, '/api': API_TARGET, '/healthz': API_TARGET },
  },
})
