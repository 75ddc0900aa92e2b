// Timeouts and caps of the HTTP server: every connection is freed within bounded time, and the number
// of them is bounded, whatever clients do. Figures and reasons (also in docs/api.md):
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

export const HTTP_LIMITS = {
  /**
   * A whole request (headers and body) must arrive within 25 s, else 408 and the connection is closed:
   * a client trickling bytes cannot hold a connection (and its buffers) forever. 25 s leaves 24 MB
   * uploads about 8 Mbit/s and a 5 MB photo sent as base64 (6.7 MB) about 2 Mbit/s.
   */
  requestTimeout: 25_000,
  /** The headers alone within 10 s (a slowloris sends headers forever). */
  headersTimeout: 10_000,
  /** How often Node checks the two timeouts above: a connection is cut at most 1 s late. */
  connectionsCheckingInterval: 1_000,
  /**
   * An idle keep-alive connection is closed after 65 s: longer than nginx's 60 s upstream keep-alive
   * (deploy/nginx.conf), so the proxy, not the server, closes an idle connection and never sends on one
   * the server has just closed.
   */
  keepAliveTimeout: 65_000,
  /** A connection is closed after 1,000 requests, so long-lived ones are spread again by a balancer. */
  maxRequestsPerSocket: 1_000,
  /**
   * At most 512 open connections; more are refused at once. Each costs a socket and a parser (tens of
   * KB with its buffers): 512 stay within about 15 MB. Behind nginx, the proxy holds the clients' many
   * connections and reuses a few to the server.
   */
  maxConnections: 512,
  /**
   * At most 64 of them from one address by default (MAX_CONNECTIONS_PER_ADDRESS): 520 idle connections from one address refused
   * everyone else. 64 leaves a household, an office or a carrier's NAT plenty (a browser opens at
   * most 6 per host). Not applied behind a proxy (TRUST_PROXY set), whose connections carry everyone;
   * there the proxy should cap each client (nginx: limit_conn).
   */
  maxConnectionsPerAddress: 64,
} as const

const served = Symbol('requests served on this connection')

/**
 * Closes a connection once it has served its last allowed request. Node only marks that answer
 * `Connection: close` and keeps the socket open; a client that ignores the header (autocannon, some
 * proxies) then got a bare 503 for every later request on it, forever.
 */
export function closeSpentConnections(server: Server) {
  server.on('request', (req, res) => {
    const socket = req.socket as Socket & { [served]?: number }
    const count = (socket[served] ?? 0) + 1
    socket[served] = count
    if (count >= HTTP_LIMITS.maxRequestsPerSocket) res.once('finish', () => socket.end())
  })
}

/** Closes a new connection at once when its address already holds `cap` open ones. */
export function capConnectionsPerAddress(server: Server, cap: number = HTTP_LIMITS.maxConnectionsPerAddress) {
  const open = new Map<string, number>()
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > cap) {
      socket.destroy()
      return
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left <= 0) open.delete(address)
      else open.set(address, left)
    })
  })
}
