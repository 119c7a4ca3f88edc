import { isIP } from 'node:net'

/**
 * Which proxies in front of Isoko may be believed about the client's address (TRUST_PROXY): a number of
 * hops (each proxy appends the address it saw to X-Forwarded-For), or the proxies' own addresses.
 */
export type TrustProxy = { hops: number } | { proxies: string[] }

/** `::ffff:10.0.0.1` and `10.0.0.1` are the same client. */
const normalise = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')

/**
 * The client's address. X-Forwarded-For is read from the right, because only its right-most entries were
 * written by our proxies; whatever stands to their left the client wrote itself, and believing the
 * left-most entry would let anyone dodge every per-address limit by sending a new value.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map(normalise)
    .filter((entry) => entry.length > 0)
  // Nearest first: the socket's peer, then each X-Forwarded-For entry from the right.
  const chain = [normalise(peer), ...forwarded.reverse()]
  if ('hops' in trust) return chain[Math.min(trust.hops, chain.length - 1)]!
  let index = 0
  while (index < chain.length - 1 && trust.proxies.includes(chain[index]!)) index += 1
  return chain[index]!
}

/** TRUST_PROXY's value: false/0 (no proxy), true (one), a number of proxies, or their comma-separated addresses. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase()
  if (['', 'false', 'no', '0'].includes(text)) return { hops: 0 }
  if (['true', 'yes'].includes(text)) return { hops: 1 }
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? { hops: Number(text) } : undefined
  const proxies = text.split(',').map(normalise)
  return proxies.every((address) => isIP(address) !== 0) ? { proxies } : undefined
}
