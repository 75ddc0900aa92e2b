import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { isClientPath } from '../../../shared/client-paths.ts'
import type { Config } from '../../config.ts'
import { errorBody } from '../../errors.ts'
import { clientRuntimeConfig, injectClientConfig } from '../client-config.ts'
import { routeKey, routePages } from '../route-preloads.ts'

const API_PREFIXES = ['/api/', '/trpc/', '/healthz']

/**
 * The built React app with history fallback: files from dist/client (with the brotli and gzip copies
 * the build writes beside them, chosen by Accept-Encoding), and index.html (with the runtime config)
 * for every other GET that is not an API path: status 200 for the client's routes, so they survive a
 * reload, and 404 for any other path (the app then shows its Not found page). A path some route serves
 * with other methods is 405 with `Allow` (method-not-allowed.ts).
 */
async function serveClient(app: FastifyInstance, { config, clientDir }: StaticClientOptions) {
  const indexFile = path.join(clientDir, 'index.html')
  const index = fs.existsSync(indexFile)
    ? injectClientConfig(fs.readFileSync(indexFile, 'utf8'), clientRuntimeConfig(config))
    : null
  // /start's page, for one, with its chunks named in the head (../route-preloads.ts).
  const pages = index ? routePages(clientDir, index) : new Map<string, string>()
  if (index) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // `npm run build` writes name.br and name.gz beside each compressible file (vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite puts a content hash in every asset name, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })
  } else {
    app.log.warn(`no built client in ${clientDir}: run \`npm run build\``)
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/'
    // A known path asked with a method it is not served with (docs/api.md): 405 and what it takes.
    const allowed = app.allowedMethods(url)
    if (allowed.length > 0 && !allowed.includes(req.method)) {
      return reply.code(405).header('allow', allowed.join(', ')).send(errorBody('METHOD_NOT_ALLOWED'))
    }
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p))
    if (req.method !== 'GET' || isApi || !index) {
      return reply.code(404).send(errorBody('NOT_FOUND'))
    }
    return reply
      .code(isClientPath(url) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(pages.get(routeKey(url)) ?? index)
  })
}

interface StaticClientOptions {
  config: Config
  /** Folder of the built client. */
  clientDir: string
}

/** fastify-plugin: the not-found handler is the whole app's, API paths' 404 included. */
export const staticClient = fp(serveClient, { name: 'static-client' })
