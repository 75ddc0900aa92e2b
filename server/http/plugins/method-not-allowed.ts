// Which methods a path is served with, for the 405 answer (docs/api.md): every route registered after
// this plugin is noted by its pattern, so the not-found handler (static-client.ts) can tell a known
// path asked with an unsupported method (405 with `Allow`, RFC 9110 §15.5.6) from an unknown path (404).
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods `path` (without its query) is served with; empty for an unknown path. */
    allowedMethods(path: string): string[]
  }
}

/** A route pattern as a regular expression: `:token` and `*` match one or more path segments' text. */
function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) =>
      part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/')
  return new RegExp(`^${escaped}/?$`, 'i')
}

async function methodNotAllowed(app: FastifyInstance) {
  const routes: Array<{ pattern: RegExp; methods: string[] }> = []
  app.addHook('onRoute', (route) => {
    // The client's catch-all file route is every path: it says nothing about a path's methods.
    if (route.url.includes('*')) return
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase())
    routes.push({ pattern: patternOf(route.url), methods })
  })
  app.decorate('allowedMethods', (path: string) => {
    const methods = new Set<string>()
    for (const route of routes) if (route.pattern.test(path)) for (const m of route.methods) methods.add(m)
    return [...methods]
  })
}

/** fastify-plugin: its hook must see the routes of the whole app. */
export const methodNotAllowedPlugin = fp(methodNotAllowed, { name: 'method-not-allowed' })
