import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorBody, type Localized } from './errors';
import { localeFromHeader } from './i18n';

/**
 * The one check every request's input passes before any handler: no text PostgreSQL would refuse (a NUL byte, or
 * half of a UTF-16 surrogate pair, which has no UTF-8 form), and no nesting deeper than any call of the API takes
 * (a handler that serialises 10 000 levels overflows the stack). Body, query and path parameters, keys included.
 */

/** Deeper than any request body, query or settings object of the API. */
export const MAX_DEPTH = 32;

export const INPUT_MESSAGES = {
  text: {
    pt: 'Contém caracteres não permitidos.',
    en: 'Contains characters that are not allowed.',
  },
  depth: {
    pt: 'Estrutura aninhada demais.',
    en: 'Nested too deeply.',
  },
  boundary: {
    pt: 'Conteúdo multipart sem um parâmetro boundary válido.',
    en: 'Multipart content without a valid boundary parameter.',
  },
} as const satisfies Record<string, Localized>;

export type InputProblem = { field: string; message: Localized };

type WellFormed = { isWellFormed(): boolean };

/** True for text PostgreSQL refuses: a NUL byte, or a lone surrogate (not valid UTF-8 once encoded). */
export function isRefusedText(s: string): boolean {
  return s.includes('\0') || !(s as string & WellFormed).isWellFormed();
}

/** Names a refused key readably in an error body (the key itself is what is wrong). */
const shown = (key: string) => key.replace(/\0/g, '\\u0000').replace(/[\ud800-\udfff]/g, '\ufffd');

/**
 * The first refused string (value or key) or over-deep nesting in a parsed value, with its dotted path (as the
 * other validation errors name fields: `bets.0.amount`); `_` is the value itself. Iterative, so the depth of the
 * input never costs stack.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  // Most requests have no query, no parameters or no body: nothing to walk.
  if (value === undefined || value === null) return null;
  const stack: { v: unknown; path: string; depth: number }[] = [{ v: value, path: '', depth: 0 }];
  while (stack.length) {
    const { v, path, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (isRefusedText(v)) return { field: path || '_', message: INPUT_MESSAGES.text };
      continue;
    }
    // Bytes (an upload kept whole) are not text: nothing of them is read as a field.
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    // Named by the field the client sent: the path down to the limit would be dozens of list indexes.
    if (depth >= MAX_DEPTH) return { field: path.split('.')[0] || '_', message: INPUT_MESSAGES.depth };
    const at = (k: string | number) => (path ? `${path}.${k}` : String(k));
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: at(i), depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i]!;
      if (isRefusedText(k)) return { field: at(shown(k)), message: INPUT_MESSAGES.text };
      stack.push({ v: (v as Record<string, unknown>)[k], path: at(k), depth: depth + 1 });
    }
  }
  return null;
}

/** A JSON escape of a NUL or of a surrogate: only then does a raw JSON body need parsing here. */
const SUSPECT_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/**
 * A body some routes keep as raw text (signed provider callbacks, whose signature is over the exact bytes): a
 * literal refused character, or, for JSON, an escape that decodes to one.
 */
function findRawProblem(raw: string, contentType: string | undefined): InputProblem | null {
  if (raw.includes('\0')) return { field: '_', message: INPUT_MESSAGES.text };
  if (!contentType?.includes('json') || !SUSPECT_ESCAPE.test(raw)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null; // not JSON at all: the route answers that in its own protocol
  }
  return findInputProblem(parsed);
}

function problemOf(req: FastifyRequest): InputProblem | null {
  const params = findInputProblem(req.params);
  if (params) return params;
  const query = findInputProblem(req.query);
  if (query) return query;
  const body = req.body;
  if (typeof body === 'string') return findRawProblem(body, req.headers['content-type']);
  return findInputProblem(body);
}

const MULTIPART = /^multipart\//i;
/** RFC 2046: a boundary is 1 to 70 characters (the multipart reader throws on one longer than 256). */
const BOUNDARY = /;\s*boundary=(?:"[^"]{1,70}"|[^;\s"]{1,70})(?:;|\s|$)/i;

/**
 * The multipart reader's error for a body that ends before its closing boundary: it surfaces in the handler that
 * reads the parts, after this guard, so the error handler asks here whether an error is one.
 */
export function isTruncatedMultipart(err: Error): boolean {
  return /unexpected end of multipart data/i.test(err.message);
}

/**
 * Registers the check on the root instance, before every route: a 422 that names the field, in the request's
 * language, and nothing of the request reaches a handler.
 */
export function registerInputGuard(app: FastifyInstance) {
  // A callback hook, not an async one: every request runs it, and a promise per request costs on the hot paths.
  app.addHook('preValidation', (req, _reply, done) => {
    const type = req.headers['content-type'];
    // The multipart reader fails deep inside the handler on a missing or oversized boundary: refuse it here.
    if (type && MULTIPART.test(type) && !BOUNDARY.test(type)) {
      done(new AppError('unsupported_media_type', INPUT_MESSAGES.boundary));
      return;
    }
    const problem = problemOf(req);
    done(problem ? new AppError('validation', problem.message, { [problem.field]: [problem.message] }) : undefined);
  });
}

/**
 * Fastify's own refusals before routing (a path whose percent-encoding is not UTF-8): the app's error shape and
 * language instead of the framework's English body.
 */
export function answerFrameworkError(_err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  void reply.code(400).send(errorBody('bad_request', localeFromHeader(req.headers['accept-language'])));
}
