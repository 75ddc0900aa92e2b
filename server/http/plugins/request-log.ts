// One log line per request (the app turns Fastify's two off). fastify-plugin: the hook is the app's, so
// it sees every route, the not-found answers included.
import fp from 'fastify-plugin'

export const requestLog = fp(
  async (app) => {
    app.addHook('onResponse', async (req, reply) => {
      // The web app's files, when all is well, only at debug: they would be most of the lines, and bury
      // what a person looks for (errors, the API calls, the sign-in code line).
      const path = req.url.split('?')[0]!
      const routine =
        reply.statusCode < 400 &&
        (path === '/healthz' ||
          (req.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/trpc/')))
      req.log[routine ? 'debug' : 'info'](
        {
          method: req.method,
          url: path,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
          ip: req.ip,
        },
        'request',
      )
    })
  },
  { name: 'request-log' },
)
