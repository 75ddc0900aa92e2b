// A NUL character or a lone surrogate anywhere in the URL, the query, the body or the path parameters
// is refused before any schema (../nul-guard.ts). fastify-plugin: the hook is the app's, so every route
// has it.
import fp from 'fastify-plugin'
import { errorBody } from '../../errors.ts'
import { type BadText, badJsonText, badQueryText, badTextIn, urlContainsNul } from '../nul-guard.ts'

const LONE_SURROGATE_MESSAGE = 'Text must be well-formed Unicode (a lone surrogate is not a character)'

export const refuseNul = fp(
  async (app) => {
    app.addHook('preValidation', async (req, reply) => {
      const bad: BadText | null = urlContainsNul(req.url)
        ? 'nul'
        : ((typeof req.body === 'string' ? badJsonText(req.body) : badTextIn(req.body)) ??
          badTextIn(req.params) ??
          badQueryText(req.query))
      if (bad === 'nul') return reply.code(400).send(errorBody('NUL_CHARACTER'))
      if (bad === 'surrogate') return reply.code(400).send(errorBody('INVALID_INPUT', LONE_SURROGATE_MESSAGE))
    })
  },
  { name: 'refuse-nul' },
)
