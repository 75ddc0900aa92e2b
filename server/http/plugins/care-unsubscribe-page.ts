// The e-mail's unsubscribe link opened in a browser. A GET changes nothing (mail scanners follow links):
// it shows a page whose button posts the one-click form; that POST pauses the reminders and says so.
// Mail clients use RFC 8058's POST on the same /api path (the care router's `unsubscribe`).
import type { FastifyPluginAsync } from 'fastify'
import { PRODUCT_NAME } from '../../../shared/constants.ts'
import { redeemUnsubscribeLink } from '../../domain/links/unsubscribe-links.ts'
import { AppError } from '../../errors.ts'
import type { Services } from '../../services/services.ts'

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
button{background:#6b3fa0;color:#fff;border:0;border-radius:8px;padding:.8rem 1.2rem;font-size:1rem;cursor:pointer}
button:focus-visible{outline:3px solid #222;outline-offset:2px}a{color:#4b2a75}</style></head>
<body><main><h1>${title}</h1>${body}</main></body></html>`

export const careUnsubscribePage: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  app.get<{ Params: { token: string } }>('/api/care/unsubscribe/:token', async (req, reply) => {
    const action = `/care/unsubscribe/${encodeURIComponent(req.params.token)}`
    return reply.type('text/html; charset=utf-8').send(
      page(
        'Pause check-in reminders?',
        `<p>You will stop receiving check-in reminder e-mails. You can resume them any time on the Care page.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Pause reminders</button></form>`,
      ),
    )
  })

  app.register(async (form) => {
    form.removeAllContentTypeParsers()
    form.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, body),
    )
    form.post<{ Params: { token: string } }>('/care/unsubscribe/:token', async (req, reply) => {
      reply.type('text/html; charset=utf-8')
      try {
        await redeemUnsubscribeLink(services, req.params.token)
      } catch (error) {
        // Only an unknown token is "not recognised"; a database fault is the server's 503, not a 404.
        if (!(error instanceof AppError && error.appCode === 'NOT_FOUND')) throw error
        return reply
          .code(404)
          .send(
            page(
              'Link not recognised',
              '<p>This link is not one of ours any more. <a href="/care">Open your plan on the Care page</a>.</p>',
            ),
          )
      }
      return reply.send(
        page(
          'Reminders paused',
          '<p>No more check-in reminders. <a href="/care">Resume them on the Care page</a>.</p>',
        ),
      )
    })
  })
}
