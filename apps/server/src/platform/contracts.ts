import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  anyJson,
  checkOf,
  ERROR_REPLIES,
  FORM_MESSAGES,
  type FormContext,
  isCheckedByHandler,
  type Refusal,
  refusalOf,
  type TenantSettings,
  tenantFormOf,
  translationOf,
} from '@sorte/contracts';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  preValidationHookHandler,
} from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, type Localized } from './errors';

/**
 * The HTTP contracts of packages/contracts put to work: zod validates each route's declared input into the app's
 * 422 reply, and the same schemas become the OpenAPI 3.1 document at /api/openapi.json, rendered at /api/docs.
 */

/**
 * The type provider of the routes: each request part is typed as its contract's parsed output, which is what the
 * validator hands the handler. Replies are not typed through it: they are sent as the services build them, and the
 * API fuzz checks every documented reply against its schema.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

/**
 * zod issues as the app's validation reply: field -> messages, each in the request's language. A form's reply keeps
 * each field's first failure and also carries the first of them as the message.
 */
export function validationError(error: z.ZodError, o: { form?: boolean } = {}): AppError {
  const fields: Record<string, Localized[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (o.form && fields[key]) continue;
    // zod's own wording is English only: a player reads the generic "not valid" in their language instead.
    fields[key] = [...(fields[key] ?? []), translationOf(issue.message) ?? FORM_MESSAGES.invalid];
  }
  const first = o.form ? Object.values(fields)[0]?.[0] : undefined;
  return new AppError('validation', first, fields);
}

const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A body that is not a JSON object (absent, null, a list, text) reads as an empty form, as the spec's client sends. */
const asObjectBody = (schema: z.ZodType) => schema._zod.def.type === 'object';

const refusal = (r: Refusal) => new AppError(r.code, r.message);

/**
 * Each request part through its contract: the handler receives the parsed value. Headers are checked but never
 * replaced (the parsed object would hide every other header), and a tenant's form is checked by its own hook.
 */
const validateWithContract: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  if (isCheckedByHandler(schema) || tenantFormOf(schema)) return () => ({});
  const check = checkOf(schema);
  const refused = refusalOf(schema);
  const parser = check?.validator ?? schema;
  const form = check?.form ?? false;
  const emptyForm = httpPart === 'body' && asObjectBody(schema);
  const keep = httpPart === 'headers';
  return (data) => {
    const r = parser.safeParse(emptyForm && !isObject(data) ? {} : data);
    if (!r.success) return { error: refused ? refusal(refused) : validationError(r.error, { form }) };
    return keep ? {} : { value: r.data };
  };
};

/** Tenant forms: validators per tenant settings object (a settings change makes a new object). */
const tenantValidators = new WeakMap<object, Map<(ctx: FormContext) => z.ZodType, z.ZodType>>();

function tenantValidator(settings: TenantSettings, factory: (ctx: FormContext) => z.ZodType): z.ZodType {
  let forTenant = tenantValidators.get(settings);
  if (!forTenant) {
    forTenant = new Map();
    tenantValidators.set(settings, forTenant);
  }
  let v = forTenant.get(factory);
  if (!v) {
    v = factory({ settings });
    forTenant.set(factory, v);
  }
  return v;
}

/** The hook that checks a tenant's form, after the route's own checks (the player's session) and before validation. */
function checkTenantForm(factory: (ctx: FormContext) => z.ZodType): preValidationHookHandler {
  return (req, _reply, done) => {
    const r = tenantValidator(req.tenant.settings, factory).safeParse(isObject(req.body) ? req.body : {});
    if (!r.success) return done(validationError(r.error, { form: true }));
    req.body = r.data;
    done();
  };
}

/**
 * Replies are written with JSON.stringify, not re-parsed through their schema: an encode per reply costs the bet
 * and lobby paths, and the API fuzz proves every documented reply conforms.
 */
const serializeReply = () => (data: unknown) => JSON.stringify(data);

/** The paths the reference documents: the API and the root site config; pages, files and dev tools are not API. */
function isDocumented(url: string): boolean {
  if (url.startsWith('/api/docs') || url === '/api/openapi.json') return false;
  return url.startsWith('/api/') || url === '/site-config' || url === '/healthz' || url === '/readyz';
}

const transform = createJsonSchemaTransform({ skipList: [] });

/** Segments after /api that belong to a larger area of the reference. */
const AREA_OF_SEGMENT: Record<string, string> = {
  'site-config': 'site',
  settings: 'site',
  pages: 'site',
  files: 'site',
  geoip: 'site',
  games: 'casino',
  featured: 'casino',
  categories: 'casino',
  casinos: 'casino',
  providers: 'casino',
  pix: 'wallet',
  'main-gateway': 'wallet',
  documents: 'kyc',
  subscription: 'push',
  address: 'profile',
  validate: 'auth',
};

/** Registers validation, serialisation and the reference; call before any route is registered. */
export async function registerContracts(app: FastifyInstance) {
  app.setValidatorCompiler(validateWithContract);
  app.setSerializerCompiler(serializeReply);
  // A call whose contract names no replies still documents the error body every call answers with.
  app.addHook('onRoute', (route) => {
    const tenantForm = tenantFormOf(route.schema?.body);
    if (tenantForm) {
      const own = route.preValidation ?? [];
      route.preValidation = [...(Array.isArray(own) ? own : [own]), checkTenantForm(tenantForm)];
    }
    if (!isDocumented(route.url)) return;
    const schema: FastifySchema = route.schema ?? {};
    if (!schema.response) schema.response = { ...ERROR_REPLIES, '2XX': anyJson };
    route.schema = schema;
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sorte API',
        version: '1.0.0',
        description:
          'The player API of a Sorte site. Money is integer centavos; messages are pt-BR unless the request sends ' +
          '`Accept-Language: en`. Every error reply is `{message, code?, errors?}`. Flows and examples: docs/api/*.md.',
      },
      components: {
        securitySchemes: { player: { type: 'http', scheme: 'bearer', description: 'The token of /api/auth/login.' } },
      },
    },
    transform: (doc) => {
      if (!isDocumented(doc.url)) return { schema: { ...doc.schema, hide: true }, url: doc.url };
      const out = transform(doc);
      // The reference groups calls by area, named from the first segment after /api.
      const segment = /^\/api\/([^/]+)/.exec(doc.url)?.[1] ?? 'health';
      const tag = AREA_OF_SEGMENT[segment] ?? segment;
      return { ...out, schema: { ...out.schema, tags: [tag] } };
    },
  });
  app.get('/api/openapi.json', { config: { tenant: 'none' }, schema: { hide: true } }, async () => app.swagger());
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    // Its own policy: the page shell's CSP names only the tenant's widgets, while this page runs the bundled
    // Swagger UI scripts (allowed by their hashes) and reads the document from this origin.
    staticCSP: true,
    // Swagger UI sets style attributes as it renders (collapsing sections): inline styles only, never scripts.
    transformStaticCSP: (header) =>
      header.replace("style-src 'self' https:", "style-src 'self' https: 'unsafe-inline'"),
    uiConfig: { url: '/api/openapi.json', deepLinking: true },
  });
}
