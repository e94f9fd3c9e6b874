import { BlockList, isIP } from 'node:net';

/** A compiled list of IP addresses and CIDR ranges, IPv4 and IPv6. */
export interface IpMatcher {
  /** Whether `ip` is one of the addresses or inside one of the ranges. */
  matches(ip: string): boolean;
}

/** The entries of an IP list: one per line; commas and spaces also separate. */
export function ipListEntries(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter(Boolean);
}

type Parsed = { kind: 'address' | 'subnet'; ip: string; prefix: number; family: 'ipv4' | 'ipv6' };

function parseEntry(entry: string): Parsed | null {
  const [address, prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const version = isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  if (prefixText === undefined) return { kind: 'address', ip: address, prefix: 0, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { kind: 'subnet', ip: address, prefix, family };
}

/** The first entry of `text` that is neither an IP address nor a CIDR range, if any. */
export function findInvalidIpEntry(text: string): string | undefined {
  return ipListEntries(text).find((entry) => parseEntry(entry) === null);
}

/** `::ffff:1.2.3.4` (how dual-stack sockets report IPv4 clients) → `1.2.3.4`. */
function unmapIpv4(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1] : ip;
}

/** Compiles an IP list; null when it has no valid entry (invalid entries are skipped). */
export function compileIpList(text: string): IpMatcher | null {
  const list = new BlockList();
  let count = 0;
  for (const entry of ipListEntries(text)) {
    const parsed = parseEntry(entry);
    if (!parsed) continue;
    if (parsed.kind === 'address') list.addAddress(parsed.ip, parsed.family);
    else list.addSubnet(parsed.ip, parsed.prefix, parsed.family);
    count++;
  }
  if (count === 0) return null;
  return {
    matches(ip: string): boolean {
      const address = unmapIpv4(ip);
      const version = isIP(address);
      if (version === 0) return false;
      return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
