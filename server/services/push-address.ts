// The second check of a push endpoint, when it is sent to: the host's addresses as DNS gives them at
// connection time. A known push host whose name resolves into a private network (a poisoned resolver, a
// rebinding record) is refused, so a stored endpoint never reaches loopback, private, link-local or
// cloud-metadata addresses. The check runs in the connection's own lookup, so no second resolution can
// differ from the one checked.
import dns, { type LookupAddress } from 'node:dns'
import https from 'node:https'
import net from 'node:net'

const blocked = new net.BlockList()
for (const [network, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, bits, 'ipv4')
for (const [network, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(network, bits, 'ipv6')

/** Loopback, private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, reserved. */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address)
  if (family === 0) return true
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mapped) return isPrivateAddress(mapped[1] as string)
    return blocked.check(address, 'ipv6')
  }
  return blocked.check(address, 'ipv4')
}

export class PrivatePushAddressError extends Error {
  constructor(host: string) {
    super(`push endpoint ${host} resolves to a private address`)
    this.name = 'PrivatePushAddressError'
  }
}

type Lookup = typeof dns.lookup

/** dns.lookup that fails when any address of the host is private. */
export function publicOnlyLookup(resolve: Lookup = dns.lookup): Lookup {
  return ((hostname: string, options: unknown, callback: unknown) => {
    const done = (typeof options === 'function' ? options : callback) as (
      error: Error | null,
      address?: string | LookupAddress[],
      family?: number,
    ) => void
    const opts = (typeof options === 'object' && options ? options : {}) as dns.LookupOptions
    resolve(hostname, { ...opts, all: true }, (error, addresses) => {
      if (error) return done(error)
      const list = addresses as LookupAddress[]
      if (list.length === 0 || list.some((a) => isPrivateAddress(a.address)))
        return done(new PrivatePushAddressError(hostname))
      if (opts.all) return done(null, list)
      const first = list[0] as LookupAddress
      done(null, first.address, first.family)
    })
  }) as Lookup
}

/** The agent push requests to known push hosts go through. */
export function publicOnlyAgent(resolve?: Lookup): https.Agent {
  return new https.Agent({ keepAlive: false, lookup: publicOnlyLookup(resolve) })
}
