// Security headers (CSP and the rest of helmet's set). They never change between requests, so helmet
// writes them once at start-up into a plain object, and each answer copies that object. @fastify/helmet
// rebuilt helmet, CSP parsing included, on every request: a few per cent of a small read's CPU.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet from 'helmet'

const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://js.stripe.com'],
      frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      imgSrc: ["'self'", 'data:', 'blob:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      mediaSrc: ["'self'", 'blob:'],
      upgradeInsecureRequests: null,
    },
  },
  // Set below from PUBLIC_URL: a local http run must not pin localhost to https in the browser.
  hsts: false,
}

/** A year, and subdomains: what HSTS preload lists ask for. Sent only when PUBLIC_URL is https. */
const HSTS = 'max-age=31536000; includeSubDomains'

/** The headers helmet sets with these options, read off one run of its middleware. */
function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {}
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name] = value
    },
    removeHeader(name: string) {
      delete headers[name]
    },
  }
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  const headers = securityHeaders()
  // Behind TLS (PUBLIC_URL https), browsers keep to https for a year even if a link says http.
  if (options.https) headers['Strict-Transport-Security'] = HSTS
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers)
    done()
  })
}
