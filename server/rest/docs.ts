// GET /api/openapi.json and a browsable page at /api/docs (Swagger UI, served from our own origin:
// the page loads nothing from third-party hosts, so the CSP stays as strict as the app's).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openApiDocument } from './openapi.ts'

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Kitty Care API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`

// A script file, not inline, so the CSP needs no 'unsafe-inline' for scripts.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true })\n`

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
}

export function registerApiDocs(app: FastifyInstance) {
  const document = JSON.stringify(openApiDocument())
  app.get('/api/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(document))
  app.get('/api/docs', (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE))
  app.get('/api/docs/init.js', (_req, reply) => reply.type('text/javascript; charset=utf-8').send(INIT))
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`/api/docs/${file}`, async (_req, reply) =>
      reply
        .type(type)
        .header('cache-control', 'public, max-age=86400')
        .send(await readFile(path.join(SWAGGER_DIR, file))),
    )
  }
}
