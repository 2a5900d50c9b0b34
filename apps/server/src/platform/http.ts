import type { FastifyReply, FastifyRequest } from 'fastify';

export type Prepared = { body: Buffer; gzip: Buffer; etag: string };

/** Whether the client takes gzip: named in Accept-Encoding (or `*`) and not refused with q=0. */
export function acceptsGzip(req: FastifyRequest): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  // Every request of a browser sends the same header: the last one's answer is kept (the lobby asks on each call).
  if (header !== lastEncoding.header) lastEncoding = { header, gzip: gzipIn(header) };
  return lastEncoding.gzip;
}

let lastEncoding = { header: '', gzip: false };

function gzipIn(header: string): boolean {
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((x) => x.trim()).find((x) => x.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Sends pre-serialised bytes, gzipped when the client takes it, with a 304 for a matching ETag. */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, p: Prepared, contentType: string) {
  reply.header('content-type', contentType).header('etag', p.etag).header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === p.etag) return reply.code(304).send();
  if (acceptsGzip(req)) {
    return reply.header('content-encoding', 'gzip').send(p.gzip);
  }
  return reply.send(p.body);
}

export const NO_CACHE = {
  'cache-control': 'no-cache, no-store, must-revalidate',
  pragma: 'no-cache',
  expires: '0',
} as const;
