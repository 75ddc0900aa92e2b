// What a person sees when a vet report link no longer opens the report (revoked, expired, mistyped): a
// page a vet understands, with what to do, instead of the API's JSON error. API clients (no text/html in
// Accept) keep the JSON answer of docs/api.md.
import { PRODUCT_NAME } from '../shared/constants.ts'

/** A browser asks for a page: Accept names text/html. */
export function acceptsHtml(accept: string | string[] | undefined): boolean {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '')
  return /text\/html/i.test(value)
}

export function sharedReportErrorPage(status: number): string {
  const [title, body] =
    status === 429
      ? [
          'Too many tries',
          'This address has opened too many reports in a short time. Please try again in a minute.',
        ]
      : status >= 500
        ? [
            'The report could not be opened',
            'Something went wrong on our side. Please try again in a few minutes.',
          ]
        : [
            'This report link no longer works',
            'The link has expired, or the cat’s owner has stopped sharing it. Please ask them to send a new link from the Progress page of ' +
              `${PRODUCT_NAME}: each link works for a limited time.`,
          ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${title} · ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}</style></head>
<body><main><h1>${title}</h1><p>${body}</p><p>${PRODUCT_NAME} · vet report</p></main></body></html>`
}
