import ipaddr from 'ipaddr.js';

/*
 * Where the server may send requests on a user's behalf (webhook endpoints, the customer data webhook):
 * public unicast addresses only. An address is judged by where its packets end up, so the IPv6 forms that
 * carry an IPv4 address are judged by that IPv4, whatever the spelling.
 */

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

/** The IPv4 address inside an IPv6 one that carries it in a known place, else null. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const bytes = address.toByteArray();
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (range === '6to4') return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/**
 * True only for a public unicast address. Accepts every spelling ipaddr.js reads (decimal, octal, hex and short IPv4,
 * IPv6 with or without brackets or a zone); anything that is not an address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const text = address.replace(/^\[(.*)\]$/, '$1');
  // ipaddr.js reads ::a.b.c.d as ::ffff:a.b.c.d, but a connection to it goes to the IPv4-compatible ::a.b.c.d.
  if (/^::[\d.]+(%.*)?$/.test(text)) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // ::a.b.c.d is deprecated (RFC 4291) and ipaddr.js calls ::7f00:1 unicast; no real endpoint lives there.
  if (v6.match(IPV4_COMPATIBLE)) return false;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() === 'unicast';
  // Local-use NAT64 (64:ff9b:1::/48), Teredo, documentation and the other special ranges are not 'unicast'.
  return v6.range() === 'unicast';
}

/**
 * True when a URL's host must not be called: a non-public IP literal, or a name that only ever means this machine
 * or a private network. `hostname` is URL.hostname (IPv6 in brackets); case and trailing dots do not matter.
 * A name that passes can still resolve to a private address: check the connection too (see http-sender.ts).
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.+$/, '')
    .toLowerCase();
  if (host === '') return true;
  if (ipaddr.isValid(host)) return !isPublicAddress(host);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');
}
