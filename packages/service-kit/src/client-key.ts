import { isIPv4, isIPv6 } from 'node:net'

/**
 * The address a per-address budget counts (issue 45), in the gateway's request budgets and in every
 * service's own limits (sign-in failures, chat messages and ratings, consultation requests): an
 * IPv4 address as it is; an IPv6 address by its /64 network, since one subscriber usually holds a
 * whole /64 and could otherwise take a fresh address (and a fresh budget) for every request. An
 * IPv4-mapped IPv6 address is its IPv4 one.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (isIPv4(ip) || !isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`
}
