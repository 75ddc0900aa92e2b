// Headers on every answer: the security headers (../security-headers.ts), the request's id, and no cache
// for API answers. fastify-plugin: the hooks are the app's, so they reach every route and the not-found
// answers.
import fp from 'fastify-plugin'
import { registerSecurityHeaders } from '../security-headers.ts'

export const responseHeaders = fp<{ https: boolean }>(
  async (app, { https }) => {
    app.addHook('onSend', async (req, reply) => {
      reply.header('x-request-id', req.id)
      // API answers carry personal data (cats, subscriptions, weights, the export): no cache keeps them,
      // unless a row says otherwise (a chat photo's bytes, private to the owner's browser).
      if ((req.url.startsWith('/api/') || req.url.startsWith('/trpc/')) && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store')
    })
    registerSecurityHeaders(app, { https })
  },
  { name: 'response-headers' },
)
