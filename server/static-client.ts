import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { clientRuntimeConfig, injectClientConfig } from './client-config.ts'
import type { Config } from './config.ts'
import { errorBody } from './errors.ts'

const API_PREFIXES = ['/api/', '/trpc/', '/healthz']

/**
 * The built React app with history fallback: files from dist/client, and index.html (with the runtime
 * config) for every other GET that is not an API path, so client routes survive a reload.
 */
export async function serveClient(app: FastifyInstance, config: Config, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html')
  const index = fs.existsSync(indexFile)
    ? injectClientConfig(fs.readFileSync(indexFile, 'utf8'), clientRuntimeConfig(config))
    : null
  if (index) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
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
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, '') || url.startsWith(p))
    if (req.method !== 'GET' || isApi || !index) {
      return reply.code(404).send(errorBody('NOT_FOUND'))
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index)
  })
}
