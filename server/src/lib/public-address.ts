import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { compileIpList } from './ip-matcher.js';

/** Loopback, private, link-local, shared, benchmark, multicast and reserved ranges. */
const nonPublic = compileIpList(
  [
    '0.0.0.0/8',
    '10.0.0.0/8',
    '100.64.0.0/10',
    '127.0.0.0/8',
    '169.254.0.0/16',
    '172.16.0.0/12',
    '192.0.0.0/24',
    '192.168.0.0/16',
    '198.18.0.0/15',
    '224.0.0.0/4',
    '240.0.0.0/4',
    '::/128',
    '::1/128',
    'fc00::/7',
    'fe80::/10',
    'ff00::/8',
  ].join(' '),
)!;

/** Whether an IP address is on the public internet. */
export const isPublicAddress = (ip: string): boolean => isIP(ip) !== 0 && !nonPublic.matches(ip);

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** `dns.lookup` that refuses names resolving to anything but public addresses. */
function publicLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      const denied: NodeJS.ErrnoException = new Error(
        `${hostname} resolves to ${refused.address}, not a public address`,
      );
      denied.code = 'EADDRNOTPUBLIC';
      return callback(denied, []);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}

/** Whether `host` (a name or `name:port`) is one root allowed explicitly. */
export type HostAllowed = (hostname: string, port: string) => boolean;

const nothingAllowed: HostAllowed = () => false;

/**
 * An HTTP agent that connects only to public addresses, checked for every connection it makes
 * (redirects included): IP literals before connecting, names at their DNS answer (so a name
 * that changes its answer between a check and the connection cannot slip past). Hosts root
 * allowed explicitly (`allowed`) connect as usual. For addresses users and tasks supply, such
 * as notification webhooks and result URLs.
 */
export function publicOnlyAgent(allowed: HostAllowed = nothingAllowed): Agent {
  const guarded = buildConnector({ lookup: publicLookup as never });
  const plain = buildConnector({});
  return new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      if (allowed(host.toLowerCase(), String(options.port ?? ''))) return plain(options, callback);
      if (isIP(host) !== 0 && !isPublicAddress(host)) {
        const denied: NodeJS.ErrnoException = new Error(`${host} is not a public address`);
        denied.code = 'EADDRNOTPUBLIC';
        return callback(denied, null);
      }
      guarded(options, callback);
    },
  });
}

const agents = new Map<string, Agent>();

/**
 * The public-only agent for an allow list as root wrote it (one agent per list, kept while
 * the list does not change).
 */
export function publicAgentFor(allowList: string): Agent {
  let agent = agents.get(allowList);
  if (!agent) {
    if (agents.size >= 8) agents.clear();
    agent = publicOnlyAgent(hostAllowList(allowList));
    agents.set(allowList, agent);
  }
  return agent;
}

/**
 * Reads an allow list of hosts (one per line or comma separated, `name` or `name:port`) into
 * the check `publicOnlyAgent` takes.
 */
export function hostAllowList(text: string): HostAllowed {
  const entries = new Set(
    text
      .split(/[\s,]+/)
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  );
  if (entries.size === 0) return nothingAllowed;
  return (hostname, port) =>
    entries.has(hostname) || (port !== '' && entries.has(`${hostname}:${port}`));
}

/** Whether a URL names an IP literal that is not public (never resolved, so checked here). */
export function isPrivateLiteral(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return isIP(host) !== 0 && !isPublicAddress(host);
}
