// /api: every REST row but the photo rows (./photo-routes.ts), and the OpenAPI document and its page.
import type { FastifyPluginAsync } from 'fastify'
import { registerRestRoutes } from '../../rest/adapter.ts'
import { registerApiDocs } from '../../rest/docs.ts'
import { restRows } from '../../rest/table.ts'
import type { Services } from '../../services/services.ts'

export const restSurface: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  registerRestRoutes(
    app,
    services,
    restRows().filter((row) => !row.heavy),
  )
  registerApiDocs(app)
}
