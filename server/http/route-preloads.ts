import fs from 'node:fs'
import path from 'node:path'

/** Written by the client build (vite.config.ts routePreloads): path → the chunks its page needs. */
const ROUTE_PRELOADS_FILE = 'route-preloads.json'

/** The path as the client router matches it: any case, without a trailing slash. */
export const routeKey = (url: string) => url.toLowerCase().replace(/\/+$/, '') || '/'

/**
 * index.html for each path whose page is its own chunk, naming that chunk (and its imports) with
 * <link rel="modulepreload">: the browser fetches them beside the entry instead of once it has run.
 * Empty when the build wrote no list (an older build, a test's stand-in client).
 */
export function routePages(clientDir: string, index: string): Map<string, string> {
  const file = path.join(clientDir, ROUTE_PRELOADS_FILE)
  if (!fs.existsSync(file)) return new Map()
  const preloads = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>
  return new Map(
    Object.entries(preloads).map(([route, files]) => {
      const links = files
        .filter((href) => /^\/assets\/[\w.-]+\.js$/.test(href))
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join('')
      return [routeKey(route), index.replace('</head>', `${links}</head>`)]
    }),
  )
}
