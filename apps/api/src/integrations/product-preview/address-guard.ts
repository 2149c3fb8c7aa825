import ipaddr from 'ipaddr.js';

/**
 * Which addresses the product preview may connect to: public unicast only. Everything a server
 * should never be pointed at from a pasted link is refused: loopback, RFC 1918 private ranges,
 * link-local (169.254/16 with the cloud metadata address), CGNAT 100.64/10, 0/8, multicast,
 * broadcast, reserved and documentation ranges, IPv6 ::1, fc00::/7, fe80::/10, and IPv6 forms that
 * carry an IPv4 address (mapped ::ffff:a.b.c.d, NAT64, 6to4, Teredo) unless that IPv4 is public.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  } catch {
    return false;
  }
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
    // Only global unicast 2000::/3 is reachable on the internet; ipaddr.js calls some of ::/8 'unicast' too.
    if (!v6.match(ipaddr.IPv6.parse('2000::'), 3)) return false;
    return v6.range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

/** An address literal as a URL host carries it ('[::1]' → '::1'), or null for a name. */
export function addressLiteral(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return ipaddr.isValid(bare) ? bare : null;
}
