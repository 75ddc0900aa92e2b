import type { Config } from '../config.ts'

/** What the browser may know at run time. Only public values: this ends up in every page. */
export interface ClientRuntimeConfig {
  stripePublishableKey: string | null
}

export function clientRuntimeConfig(config: Config): ClientRuntimeConfig {
  return {
    stripePublishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
  }
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** index.html with the runtime config as a meta tag (a meta tag needs no CSP exception, unlike a script). */
export function injectClientConfig(html: string, config: ClientRuntimeConfig): string {
  const tag = `<meta name="kitty-config" content="${escapeAttribute(JSON.stringify(config))}" />`
  return html.replace('</head>', `    ${tag}\n  </head>`)
}
