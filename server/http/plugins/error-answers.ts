// What a request that fails outside a procedure gets: the contract's {error, code} with the catalogue's
// status (a procedure's own errors are answered by its surface, server/public-error.ts). fastify-plugin:
// the error handler is the app's, and every scope registered after it inherits it.
import type { FastifyError } from 'fastify'
import fp from 'fastify-plugin'
import { errorBody } from '../../errors.ts'
import { codeForStatus, publicError } from '../../public-error.ts'
import { UploadBodyError } from '../upload-body.ts'

export const errorAnswers = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      // The upload reader says by the catalogue's code what it refused.
      if (error instanceof UploadBodyError) {
        return reply.code(error.statusCode).send(errorBody(error.appCode, error.message))
      }
      const status = error.statusCode ?? 500
      if (error.validation || status === 400) {
        return reply
          .code(400)
          .send(
            errorBody(
              'INVALID_INPUT',
              error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Invalid JSON body' : error.message,
            ),
          )
      }
      // The database or Redis going away under a request that never reached a procedure.
      const fault = publicError(error)
      if (fault.status === 503) {
        req.log.warn({ err: error }, 'transient fault')
        return reply
          .code(503)
          .header('retry-after', fault.retryAfterSeconds)
          .send(errorBody(fault.code, undefined, fault.retryAfterSeconds))
      }
      if (status >= 400 && status < 500) {
        // A body too large and a rate limit in the catalogue's words; Fastify's text says the rest.
        const text = status === 413 || status === 429 ? undefined : error.message
        // The global limit's refusal arrives here with its Retry-After set; the body says the same wait.
        const wait = status === 429 ? Number(reply.getHeader('retry-after')) || undefined : undefined
        return reply.code(status).send(errorBody(codeForStatus(status), text, wait))
      }
      req.log.error({ err: error }, 'unhandled error')
      return reply.code(500).send(errorBody('UNEXPECTED'))
    })
  },
  { name: 'error-answers' },
)
