import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may post a push message. A push endpoint is a URL chosen by the browser, so by anyone who can
 * log in: without this guard it is a way to make the server call addresses inside its own network.
 */
export type EndpointPolicy = {
  /** A local push service on loopback (plain http allowed): tests only, never production (PUSH_LOOPBACK_ENDPOINTS). */
  allowLoopback: boolean;
};

export const STRICT_POLICY: EndpointPolicy = { allowLoopback: false };

const RESOLVE_TIMEOUT_MS = 5_000;

/**
 * Only globally routable unicast addresses are public. ipaddr.js names every special range (loopback, private,
 * link-local, unique-local, CGNAT, 0.0.0.0/8, multicast, reserved, NAT64 and 6to4 embeddings ...); process() unwraps
 * IPv4-mapped IPv6 first, so ::ffff:10.0.0.1 is judged as 10.0.0.1.
 */
export function isAllowedAddress(address: string, policy: EndpointPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (policy.allowLoopback && range === 'loopback');
}

function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';
}

/** The URL's host as a bare name or address (WHATWG URL keeps the brackets of an IPv6 literal). */
function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

export type EndpointVerdict = 'ok' | 'insecure' | 'private' | 'unresolvable';

/**
 * Subscribe-time check: https only (plain http only to loopback when the policy allows it), and every address the
 * host resolves to must be allowed. Sending checks again on the address it actually connects to (guardedLookup).
 */
export async function checkEndpoint(url: URL, policy: EndpointPolicy): Promise<EndpointVerdict> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'insecure';
  const host = hostOf(url);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      return 'unresolvable';
    }
    if (addresses.length === 0) return 'unresolvable';
  }
  if (!addresses.every((a) => isAllowedAddress(a, policy))) return 'private';
  if (url.protocol === 'http:' && !(policy.allowLoopback && addresses.every(isLoopback))) return 'insecure';
  return 'ok';
}

async function resolveAll(host: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('dns timeout')), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), timeout]);
    return found.map((a) => a.address);
  } finally {
    clearTimeout(timer);
  }
}

export class BlockedAddressError extends Error {
  readonly code = 'EPUSHBLOCKED';
  constructor(host: string) {
    super(`push endpoint ${host} resolves to a non-public address`);
  }
}

/**
 * The `lookup` of the socket that posts a push message: it resolves the host and hands the socket only addresses
 * the policy allows, so the address checked is the address connected to (a DNS answer that changed since the
 * subscription, or that differs between two lookups, cannot steer the connection inside).
 */
export function guardedLookup(policy: EndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || !list.every((a) => isAllowedAddress(a.address, policy))) {
        return callback(new BlockedAddressError(hostname), '', 0);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Net skips `lookup` for an address literal, so a literal host is judged here before connecting. */
export function isAllowedLiteral(url: URL, policy: EndpointPolicy): boolean {
  const host = hostOf(url);
  return !net.isIP(host) || isAllowedAddress(host, policy);
}
