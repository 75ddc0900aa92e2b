// A NUL character anywhere in the URL, the body or the path parameters is refused before any schema
// (../nul-guard.ts). fastify-plugin: the hook is the app's, so every route has it.
import fp from 'fastify-plugin'
import { errorBody } from '../../errors.ts'
import { containsNul, jsonTextContainsNul, urlContainsNul } from '../nul-guard.ts'

export const refuseNul = fp(
  async (app) => {
    app.addHook('preValidation', async (req, reply) => {
      const body = typeof req.body === 'string' ? jsonTextContainsNul(req.body) : containsNul(req.body)
      if (urlContainsNul(req.url) || body || containsNul(req.params)) {
        return reply.code(400).send(errorBody('NUL_CHARACTER'))
      }
    })
  },
  { name: 'refuse-nul' },
)
