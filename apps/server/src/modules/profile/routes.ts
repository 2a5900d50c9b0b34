import multipart from '@fastify/multipart';
import {
  geoipCall,
  getLanguageCall,
  profileCall,
  saveAddressCall,
  showProfileCall,
  toggleHideMetricsCall,
  updateLanguageCall,
  updateNameCall,
  updateSettingsCall,
  uploadAvatarCall,
} from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js/min';
import { currentUser, requireUser } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { AppError, type Localized } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import {
  asBody,
  check,
  fieldError,
  fullName,
  isBlank,
  MSG,
  optional,
  PRIVACY_DEFAULTS,
  type PrivacySettings,
  type Rule,
  required,
  splitName,
} from '../auth/index';
import * as profile from './service';

const me = (req: FastifyRequest): profile.Me => {
  const u = currentUser(req);
  return { tenantId: u.tenantId, userId: u.id, sessionId: u.sessionId };
};

const bool = (v: unknown): boolean | null =>
  v === true || v === 'true' || v === 1 || v === '1'
    ? true
    : v === false || v === 'false' || v === 0 || v === '0'
      ? false
      : null;

const maxLen =
  (n: number): Rule =>
  (v) =>
    typeof v === 'string' && v.trim().length <= n ? null : MSG.invalid;
const pattern =
  (re: RegExp, message: Localized = MSG.invalid): Rule =>
  (v) =>
    typeof v === 'string' && re.test(v.trim()) ? null : message;

/**
 * Profile calls under /api: own profile, public profiles, preferences, avatar, address. The spec's self-exclusion
 * calls belong to the responsible-gaming module.
 */
export async function profileRoutes(app: FastifyInstance, opts: { db: Db; storage: FileStorage }) {
  const { db, storage } = opts;
  const authed = { preHandler: requireUser(db) };
  // Limits checked while streaming: a 50 MB upload is cut off at 2 MB + 1 byte, never buffered whole.
  await app.register(multipart, {
    limits: { fileSize: profile.AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get('/profile', { ...authed, schema: profileCall }, async (req) => profile.getProfile(db, me(req)));

  app.post('/profile/show', { schema: showProfileCall }, async (req) => {
    const b = asBody(req.body);
    check(b, { user_id: [required, (v) => (/^\d{1,15}$/.test(String(v).trim()) ? null : MSG.invalid)] });
    return profile.showPublicProfile(db, req.tenant.id, Number(String(b.user_id).trim()));
  });

  app.post('/profile/toggle-hide-metrics', { ...authed, schema: toggleHideMetricsCall }, async (req) => {
    const b = asBody(req.body);
    check(b, { hide_metrics: [(v) => (v === undefined || bool(v) !== null ? null : MSG.boolean)] });
    return profile.toggleHideMetrics(db, me(req), b.hide_metrics === undefined ? null : bool(b.hide_metrics));
  });

  app.post('/profile/updateName', { ...authed, schema: updateNameCall }, async (req) => {
    const b = asBody(req.body);
    check(b, { name: [required, fullName] });
    return profile.updateName(db, me(req), splitName(b.name as string));
  });

  app.post('/profile/updateLanguage', { ...authed, schema: updateLanguageCall }, async (req) => {
    const b = asBody(req.body);
    const language = typeof b.language === 'string' ? b.language.trim().toLowerCase().slice(0, 2) : '';
    check({ language }, { language: [required, (v) => (v === 'pt' || v === 'en' ? null : MSG.language)] });
    return profile.updateLanguage(db, me(req), language as 'pt' | 'en');
  });

  app.get('/profile/getLanguage', { ...authed, schema: getLanguageCall }, async (req) =>
    profile.getLanguage(db, me(req)),
  );

  app.post('/profile/uploadAvatar', { ...authed, schema: uploadAvatarCall }, async (req) => {
    if (!req.isMultipart()) throw fieldError('avatar', MSG.required);
    const file = await req.file();
    if (file?.fieldname !== 'avatar') throw fieldError('avatar', MSG.required);
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError('payload_too_large', profile.AVATAR_SIZE_MESSAGE, { avatar: [profile.AVATAR_SIZE_MESSAGE] });
      throw err;
    }
    if (data.length === 0) throw fieldError('avatar', MSG.required);
    return profile.uploadAvatar(db, storage, me(req), data);
  });

  app.get('/files/*', async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const file = await profile.readPublicFile(storage, req.tenant.id, key);
    reply.header('content-type', file.contentType).header('cache-control', 'public, max-age=86400, immutable');
    return reply.send(file.data);
  });

  app.post('/profile/update-settings', { ...authed, schema: updateSettingsCall }, async (req) => {
    const b = asBody(req.body);
    const source = b.settings && typeof b.settings === 'object' ? asBody(b.settings) : b;
    const keys = Object.keys(PRIVACY_DEFAULTS) as (keyof PrivacySettings)[];
    const unknown = Object.keys(source).filter((k) => !(keys as string[]).includes(k));
    if (unknown.length)
      throw new AppError('validation', MSG.invalid, Object.fromEntries(unknown.map((k) => [k, [MSG.invalid]])));
    check(
      source,
      Object.fromEntries(
        keys.map((k) => [k, [(v: unknown) => (v === undefined || bool(v) !== null ? null : MSG.boolean)]]),
      ),
    );
    const patch: Partial<PrivacySettings> = {};
    for (const k of keys) if (source[k] !== undefined) patch[k] = bool(source[k])!;
    return profile.updateSettings(db, me(req), patch);
  });

  app.post('/address/create', { ...authed, schema: saveAddressCall }, async (req) => {
    const b = asBody(req.body);
    const zip = typeof b.zip_code === 'string' ? b.zip_code : (b.zipcode ?? b.cep);
    const a: Record<string, unknown> = { ...b, zip_code: zip };
    check(a, {
      zip_code: [required, pattern(/^\d{5}-?\d{3}$/, { pt: 'CEP inválido.', en: 'Invalid postal code.' })],
      street: [required, maxLen(200)],
      number: [required, maxLen(20)],
      complement: [optional(maxLen(100))],
      neighborhood: [required, maxLen(100)],
      city: [required, maxLen(100)],
      state: [
        required,
        pattern(/^[A-Za-z]{2}$/, { pt: 'Informe a UF com 2 letras.', en: 'Use the 2-letter state code.' }),
      ],
      country: [optional(pattern(/^[A-Za-z]{2}$/))],
    });
    const t = (v: unknown) => String(v).trim();
    return profile.saveAddress(db, me(req), {
      zip_code: t(a.zip_code).replace('-', ''),
      street: t(a.street),
      number: t(a.number),
      complement: isBlank(a.complement) ? null : t(a.complement),
      neighborhood: t(a.neighborhood),
      city: t(a.city),
      state: t(a.state).toUpperCase(),
      country: isBlank(a.country) ? 'BR' : t(a.country).toUpperCase(),
    });
  });
}

const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country', 'x-country-code'];

/**
 * GET /api/geoip: the country a CDN in front of us detected, for the phone field's default prefix. Only a hint
 * for display (nothing is authorised by it), so a forged header costs nothing; without one: Brazil.
 */
export async function geoipRoute(app: FastifyInstance) {
  app.get('/geoip', { config: { tenant: 'none' }, schema: geoipCall }, async (req, reply) => {
    reply.header('cache-control', 'private, max-age=3600').header('vary', COUNTRY_HEADERS.join(', '));
    for (const h of COUNTRY_HEADERS) {
      const v = req.headers[h];
      const code = typeof v === 'string' ? v.trim().toUpperCase() : '';
      if (/^[A-Z]{2}$/.test(code) && isSupportedCountry(code))
        return { countryCode: code, callingCode: getCountryCallingCode(code) };
    }
    return { countryCode: 'BR', callingCode: '55' };
  });
}
