import type { Locale } from '@sorte/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, errorBody } from './errors';
import { localeFromHeader } from './i18n';
import { isTruncatedMultipart } from './input';
import { normalizeHost, type Tenant, type TenantResolver } from './tenancy';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /**
     * required (default under /api): Host must name an active tenant; none: no tenant; domain: ?domain= may name it;
     * staff: Host must name a tenant, active or in maintenance (the back office switches maintenance off).
     */
    tenant?: 'required' | 'none' | 'domain' | 'staff';
  }
}

const MAX_URL = 4096;

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  422: 'validation',
  429: 'rate_limited',
  503: 'unavailable',
};

/** Locale of every request, the URL-length guard, and the one error handler that shapes every error reply. */
export function registerErrorHandling(app: FastifyInstance) {
  app.decorateRequest('locale', 'pt');
  // Callback hooks, not async ones: every request runs them, and an async hook costs a promise and a turn of the
  // microtask queue each.
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = localeFromHeader(req.headers['accept-language']);
    done(req.url.length > MAX_URL ? new AppError('uri_too_long') : undefined);
  });

  // Baseline hardening for every reply; pages may be framed only by the same site.
  app.addHook('onSend', (_req, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    done(null, payload);
  });

  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const locale = req.locale ?? 'pt';
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.code(err.status).send(err.toBody(locale));
    }
    const code = fastifyErrorCode(err);
    if (code === 'internal') req.log.error({ err }, 'unhandled error');
    const status = code === 'internal' ? 500 : (err.statusCode ?? 400);
    return reply.code(status).send(errorBody(code, locale));
  });
}

function fastifyErrorCode(err: FastifyError): ErrorCode {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_body';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
  }
  if (err instanceof SyntaxError && err.statusCode === 400) return 'invalid_body';
  if (isTruncatedMultipart(err)) return 'bad_request';
  const s = err.statusCode;
  if (s && s >= 400 && s < 500) return STATUS_CODES[s] ?? 'bad_request';
  return 'internal';
}

/**
 * Resolves the tenant before any handler of the scope it is added to. Unknown host -> 404 "platform not found";
 * inactive tenant -> 402 (maintenance). The Host header (X-Forwarded-Host only from trusted proxies) names it.
 *
 * A callback hook, not an async one: a request whose host is cached (nearly every request) goes on at once,
 * without a promise and a turn of the microtask queue, on the path every API call takes.
 */
export function tenantHook(tenants: Pick<TenantResolver, 'cached' | 'resolve'>) {
  // Host header as sent -> normalised host (null: invalid). Browsers send the same few Host values all day; a
  // flood of random ones only empties this small memo.
  const hosts = new Map<string, string | null>();
  const normalized = (raw: string): string | null => {
    let h = hosts.get(raw);
    if (h === undefined) {
      h = normalizeHost(raw);
      if (hosts.size >= 1000) hosts.clear();
      hosts.set(raw, h);
    }
    return h;
  };
  const settle = (req: FastifyRequest, tenant: Tenant | null): AppError | undefined => {
    if (!tenant) return new AppError('tenant_not_found');
    if (!tenant.active && req.routeOptions.config?.tenant !== 'staff')
      return new AppError('maintenance', tenant.settings.maintenance_message ?? undefined);
    req.tenant = tenant;
    return undefined;
  };
  return (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void => {
    const mode = req.routeOptions.config?.tenant ?? 'required';
    if (mode === 'none') {
      done();
      return;
    }
    let host: string | null;
    const domain = mode === 'domain' ? (req.query as Record<string, unknown> | undefined)?.domain : undefined;
    if (domain !== undefined && domain !== '') {
      host = typeof domain === 'string' ? normalizeHost(domain) : null;
      if (!host) {
        done(new AppError('invalid_domain'));
        return;
      }
    } else {
      host = req.host ? normalized(req.host) : null;
      if (!host) {
        done(new AppError('invalid_host'));
        return;
      }
    }
    const known = tenants.cached(host);
    if (known !== undefined) done(settle(req, known));
    else tenants.resolve(host).then((tenant) => done(settle(req, tenant)), done);
  };
}
