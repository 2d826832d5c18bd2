// Network address rules of 000 section 5 (device network settings): IPv4 in dotted form, IPv6
// written out in full 8 groups (no :: shortening, as devices take it), subnet masks either as a
// contiguous dotted mask or as a prefix length, and a strict IPv4 that refuses leading zeros,
// which some device firmware reads as octal (010 is 8).

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
/** Octets 0-255; a leading zero (010) is tolerated here, as the lenient rule of the spec. */
const LOOSE_OCTET = '(25[0-5]|2[0-4][0-9]|[01]?[0-9]{1,2})';
const IPV4 = new RegExp(`^${LOOSE_OCTET}(\\.${LOOSE_OCTET}){3}$`);
const STRICT_IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);
const IPV6_FULL = /^[0-9A-Fa-f]{1,4}(:[0-9A-Fa-f]{1,4}){7}$/;
const PREFIX = /^([1-9]|[12][0-9]|3[0-2])$/;

export const isIPv4 = (value: string) => IPV4.test(value);
/** IPv4 whose octets have no leading zero: 10.0.0.1, never 10.00.0.01. */
export const isStrictIPv4 = (value: string) => STRICT_IPV4.test(value);
/** IPv6 in all 8 groups of 1-4 hex digits. */
export const isFullIPv6 = (value: string) => IPV6_FULL.test(value);
export const isIPAddress = (value: string) => isIPv4(value) || isFullIPv6(value);

/** A subnet mask: a prefix length 1-32, or a dotted mask whose ones are contiguous (255.255.255.0). */
export function isSubnetMask(value: string): boolean {
  if (PREFIX.test(value)) return true;
  if (!isStrictIPv4(value)) return false;
  const bits = value.split('.').map((octet) => Number(octet).toString(2).padStart(8, '0')).join('');
  return /^1+0*$/.test(bits);
}
