import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { runCommand } from './commands';

declare module 'fastify' {
  interface FastifyInstance {
    opsToken: string;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** POST /_ops/run: the ops CLI's way in while a PGlite server holds the data directory. Loopback + token only. */
export function opsRoutes(app: FastifyInstance) {
  // Decorated and routed on the root instance (not inside an encapsulated plugin), so `app.opsToken` is what
  // local-server.ts writes to DATA_DIR/server.json for the CLI.
  const token = randomBytes(32).toString('hex');
  app.decorate('opsToken', token);
  // The CLI's check that the process on server.json's port is this server, before it sends the token there: a
  // recycled pid or a port taken over by another program cannot answer with the token's HMAC of a fresh nonce.
  app.post<{ Body: { nonce?: unknown } }>('/_ops/hello', { config: { tenant: 'none' } }, async (req, reply) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return reply.code(404).send({ message: 'Not found.' });
    const nonce = req.body?.nonce;
    if (typeof nonce !== 'string' || !/^[0-9a-f]{64}$/.test(nonce))
      return reply.code(400).send({ message: 'nonce must be 64 hex digits' });
    return { pid: process.pid, proof: proveToken(token, nonce) };
  });
  app.post<{ Body: { argv?: unknown } }>('/_ops/run', { config: { tenant: 'none' } }, async (req, reply) => {
    const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const ok =
      LOOPBACK.has(req.socket.remoteAddress ?? '') &&
      given.length === token.length &&
      timingSafeEqual(given, Buffer.from(token));
    if (!ok) return reply.code(404).send({ message: 'Not found.' });
    const argv = req.body?.argv;
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string'))
      return reply.code(400).send({ message: 'argv must be a list of strings' });
    const result = await runCommand({ db: app.db }, argv);
    app.tenants.invalidate();
    return result;
  });
}

/** HMAC-SHA256 of the nonce under the per-start token: what /_ops/hello answers and the CLI expects. */
export function proveToken(token: string, nonce: string): string {
  return createHmac('sha256', token).update(nonce).digest('hex');
}
