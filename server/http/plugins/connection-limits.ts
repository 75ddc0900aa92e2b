// Caps on the server's connections (../http-limits.ts says why each figure; the timeouts are options of
// the Fastify factory in server/app.ts). They are set on the Node server, which every scope shares: no
// hook, so no fastify-plugin.
import type { FastifyPluginAsync } from 'fastify'
import type { Config } from '../../config.ts'
import { capConnectionsPerAddress, closeSpentConnections, HTTP_LIMITS } from '../http-limits.ts'

export const connectionLimits: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.server.maxConnections = HTTP_LIMITS.maxConnections
  closeSpentConnections(app.server)
  // Behind a proxy every connection comes from the proxy: it caps each client instead.
  if (!config.TRUST_PROXY) capConnectionsPerAddress(app.server, config.MAX_CONNECTIONS_PER_ADDRESS)
}
