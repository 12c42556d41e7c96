// Who a request comes from, as the per-address limits count it (security.md, "One client,
// one bucket"): an IPv4 address is one client; an IPv6 client owns at least a /64 and can
// pick any address in it, so the /64 is one client; and a value that is no address at all
// (a forged or broken header) falls into one shared bucket, so inventing values buys nothing.
// Pure: no request, no I/O.

/** The bucket of every value that is not an IP address. */
export const UNKNOWN_CLIENT = 'unknown'

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/
const HEX_GROUP = /^[0-9a-f]{1,4}$/i
// RFC 4007 zone: "fe80::1%eth0". It names the sender's interface, never part of the address.
const ZONE = /%[\w.-]+$/

type ParsedIp = { version: 4; text: string } | { version: 6; groups: number[] }

/** The address `text` holds, or null; IPv6 comes out as its eight 16-bit groups. */
function parseIp(text: string): ParsedIp | null {
  if (IPV4.test(text)) return { version: 4, text }
  const groups = parseIpv6(text.replace(ZONE, ''))
  if (!groups) return null
  // ::ffff:a.b.c.d is an IPv4 client seen through an IPv6 socket: the same client.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return { version: 4, text: [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.') }
  }
  return { version: 6, groups }
}

function parseIpv6(text: string): number[] | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parts = halves.map((half) => (half ? half.split(':') : []))
  // An IPv4 tail ("::ffff:192.0.2.1", "64:ff9b::192.0.2.1") stands for the last two groups.
  const last = parts[parts.length - 1]!
  const tail = last.at(-1)
  if (tail !== undefined && tail.includes('.')) {
    if (!IPV4.test(tail)) return null
    const [a, b, c, d] = tail.split('.').map(Number)
    last.splice(-1, 1, ((a! << 8) | b!).toString(16), ((c! << 8) | d!).toString(16))
  }
  if (!parts.every((groups) => groups.every((group) => HEX_GROUP.test(group)))) return null
  const [head = [], rest = []] = parts
  const missing = 8 - head.length - rest.length
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null
  return [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest].map((group) => parseInt(group, 16))
}

/** The bucket a client address counts in: the IPv4 address, the IPv6 /64, or UNKNOWN_CLIENT. */
export function clientBucket(text: string): string {
  const ip = parseIp(text)
  if (!ip) return UNKNOWN_CLIENT
  if (ip.version === 4) return ip.text
  return `${ip.groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The address as Postgres's inet stores it (without a zone), or null when it is none. */
export function storableIp(text: string): string | null {
  return parseIp(text) ? text.replace(ZONE, '') : null
}
