import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './errors';

export type Prepared = { body: Buffer; gzip: Buffer; etag: string };

/** Sends pre-serialised bytes, gzipped when the client takes it, with a 304 for a matching ETag. */
export function sendPrepared(req: FastifyRequest, reply: FastifyReply, p: Prepared, contentType: string) {
  reply.header('content-type', contentType).header('etag', p.etag).header('vary', 'accept-encoding');
  if (req.headers['if-none-match'] === p.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(p.gzip);
  }
  return reply.send(p.body);
}

export const NO_CACHE = {
  'cache-control': 'no-cache, no-store, must-revalidate',
  pragma: 'no-cache',
  expires: '0',
} as const;

/** Validates input with a contract schema: 422 with per-field messages, never a partial write. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (r.success) return r.data;
  const fields: Record<string, string[]> = {};
  for (const i of r.error.issues) {
    const key = i.path.map(String).join('.') || '_';
    fields[key] = [...(fields[key] ?? []), i.message];
  }
  throw new AppError('validation', undefined, fields);
}
