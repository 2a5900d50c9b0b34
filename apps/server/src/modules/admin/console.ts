import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError, errorBody } from '../../platform/errors';
import { NO_CACHE, type Prepared, sendPrepared } from '../../platform/http';

/** apps/admin's build output; its own bundle, never part of the player site's. */
const CONSOLE_DIST = path.resolve(import.meta.dirname, '../../../../admin/dist');
const ASSET_EXT = /\.[a-z0-9]{1,8}$/i;

/**
 * The console's pages take no inline script and no third-party host: Ant Design writes its styles in <style> tags
 * (hence 'unsafe-inline' for styles only), and nobody may frame the console, so a click cannot be stolen into an
 * approval.
 */
export const CONSOLE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self' data:; connect-src 'self'; frame-src 'self'; worker-src 'self'; manifest-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const NOT_BUILT = {
  pt: 'O console de administração não foi compilado: rode `npm run build`.',
  en: 'The admin console is not built: run `npm run build`.',
};

/**
 * Serves the console's own bundle at /admin: hashed assets as immutable files, every other page path as the SPA's
 * index.html (its router takes it from there). A missing build answers 503 until one appears; the files are looked
 * up per request, so a rebuild while the server runs is served without a restart. `dist` is for tests.
 */
export async function registerAdminConsole(app: FastifyInstance, _config: Config, dist = CONSOLE_DIST) {
  const shell = new ConsoleShell(path.join(dist, 'index.html'));
  // Without a build no route is registered (the route list, which the fuzz tests probe, does not depend on whether
  // `npm run build` ran): the scope's not-found handler alone answers the 503, and a build made later is served as
  // pages at once and as assets from the next start (npm start builds the console before it starts the server).
  const built = fs.existsSync(path.join(dist, 'index.html'));
  await app.register(
    async (scope) => {
      if (built)
        await scope.register(fastifyStatic, {
          root: dist,
          prefix: '/',
          wildcard: true,
          index: false,
          preCompressed: true,
          decorateReply: false,
          // The cache policy is ours (setHeaders): immutable for hashed files, revalidated for the rest.
          cacheControl: false,
          // index.html goes through the page handler below, which adds the CSP and never lets it be cached.
          allowedPath: (p) => p !== '/index.html',
          setHeaders: (res, file) => {
            const hashed = file.includes(`${path.sep}assets${path.sep}`);
            res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      // Whatever the files do not answer under /admin: the SPA for a page path, a JSON 404 for a missing file.
      scope.setNotFoundHandler((req, reply) => sendPage(req, reply, shell));
    },
    { prefix: '/admin' },
  );
  // /admin itself (no trailing part) is the console's home page too.
  if (built) app.get('/admin', (req, reply) => sendPage(req, reply, shell));
}

function sendPage(req: FastifyRequest, reply: FastifyReply, shell: ConsoleShell) {
  const pathname = req.url.split('?')[0] ?? '/';
  const isPage = (req.method === 'GET' || req.method === 'HEAD') && !ASSET_EXT.test(pathname);
  if (!isPage) return reply.code(404).send(errorBody('route_not_found', req.locale));
  const page = shell.page();
  if (!page) throw new AppError('unavailable', NOT_BUILT);
  reply.headers(NO_CACHE).header('content-security-policy', CONSOLE_CSP);
  return sendPrepared(req, reply, page, 'text/html; charset=utf-8');
}

/** The built index.html, read again when the file changes (a rebuild). */
class ConsoleShell {
  private cached: { mtimeMs: number; page: Prepared } | null = null;

  constructor(private readonly file: string) {}

  page(): Prepared | null {
    try {
      const { mtimeMs } = fs.statSync(this.file);
      if (this.cached?.mtimeMs !== mtimeMs) {
        const body = fs.readFileSync(this.file);
        const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
        this.cached = { mtimeMs, page: { body, gzip: gzipSync(body, { level: 6 }), etag } };
      }
      return this.cached.page;
    } catch {
      this.cached = null;
      return null;
    }
  }
}
