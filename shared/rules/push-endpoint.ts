// Where a browser's push subscription may point (docs/api.md "Inputs every row shares"): HTTPS at a known
// push service, on its default port. The server posts to whatever endpoint is stored, so anything else
// would let an owner make it send requests into its own network (blind SSRF).

/** The push services' hosts: exact names, and the domains whose subdomains they use. */
const EXACT_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com'])
const HOST_SUFFIXES = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com']

export const PUSH_ENDPOINT_RULE =
  'endpoint must be an https URL at a known push service (FCM, Mozilla, Apple or Windows push)'

/** The URL's host name, lower case, without IPv6 brackets or a trailing dot. */
export function endpointHost(url: URL): string {
  return url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
}

export function isKnownPushHost(host: string): boolean {
  return (
    EXACT_HOSTS.has(host) ||
    HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length)
  )
}

/**
 * True when `endpoint` may be stored: https, no user or password in it, and either a known push host on
 * its default port or one of `extraHosts` (a local push service the operator named).
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[] = []): boolean {
  if (!URL.canParse(endpoint)) return false
  const url = new URL(endpoint)
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = endpointHost(url)
  if (extraHosts.includes(host)) return true
  return url.port === '' && isKnownPushHost(host)
}
