import type { FastifyRequest } from 'fastify';

/**
 * The client's address. Fastify's `trustProxy` is built from TRUSTED_PROXIES, so `req.ip` walks X-Forwarded-For
 * only through proxies we trust and stops at the first hop we do not: a client cannot choose its own address by
 * sending the header. IPv4-mapped IPv6 is unwrapped so one client has one key.
 */
export function clientIp(req: FastifyRequest): string {
  const ip = req.ip || req.socket.remoteAddress || 'unknown';
  return ip.startsWith('::ffff:') ? ip.slice(7) : ip;
}
