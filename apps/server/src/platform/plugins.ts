import type { Locale } from '@sorte/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type ErrorCode, errorBody } from './errors';
import { localeFromHeader } from './i18n';
import { normalizeHost, type Tenant } from './tenancy';

declare module 'fastify' {
  interface FastifyRequest {
    tenant: Tenant;
    locale: Locale;
  }
  interface FastifyContextConfig {
    /** required (default under /api): Host must name an active tenant; none: no tenant; domain: ?domain= may name it. */
    tenant?: 'required' | 'none' | 'domain';
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
  app.addHook('onRequest', async (req) => {
    req.locale = localeFromHeader(req.headers['accept-language']);
    if (req.url.length > MAX_URL) throw new AppError('uri_too_long');
  });

  // Baseline hardening for every reply; pages may be framed only by the same site.
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
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
  const s = err.statusCode;
  if (s && s >= 400 && s < 500) return STATUS_CODES[s] ?? 'bad_request';
  return 'internal';
}

/**
 * Resolves the tenant before any handler of the scope it is added to. Unknown host -> 404 "platform not found";
 * inactive tenant -> 402 (maintenance). The Host header (X-Forwarded-Host only from trusted proxies) names it.
 */
export function tenantHook(resolve: (host: string) => Promise<Tenant | null>) {
  return async (req: FastifyRequest) => {
    const mode = req.routeOptions.config?.tenant ?? 'required';
    if (mode === 'none') return;
    let host: string | null;
    const domain = mode === 'domain' ? (req.query as Record<string, unknown> | undefined)?.domain : undefined;
    if (domain !== undefined && domain !== '') {
      host = typeof domain === 'string' ? normalizeHost(domain) : null;
      if (!host) throw new AppError('invalid_domain');
    } else {
      host = normalizeHost(req.host);
      if (!host) throw new AppError('invalid_host');
    }
    const tenant = await resolve(host);
    if (!tenant) throw new AppError('tenant_not_found');
    if (!tenant.active) throw new AppError('maintenance');
    req.tenant = tenant;
  };
}
