import { normaliseAddress, type TrustProxy } from '../config'

/**
 * The client's address. X-Forwarded-For is read from the right, because only its right-most entries were
 * written by our proxies; whatever stands to their left the client wrote itself, and believing the
 * left-most entry would let anyone dodge every per-address limit by sending a new value.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: TrustProxy): string {
  const forwarded = (forwardedFor ?? '')
    .split(',')
    .map(normaliseAddress)
    .filter((entry) => entry.length > 0)
  // Nearest first: the socket's peer, then each X-Forwarded-For entry from the right.
  const chain = [normaliseAddress(peer), ...forwarded.reverse()]
  if ('hops' in trust) return chain[Math.min(trust.hops, chain.length - 1)]!
  let index = 0
  while (index < chain.length - 1 && trust.proxies.includes(chain[index]!)) index += 1
  return chain[index]!
}
