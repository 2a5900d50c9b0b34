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
import type { ContractTypeProvider } from '../../platform/contracts';
import type { Db } from '../../platform/db/index';
import { AppError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { fieldError, MSG } from '../auth/index';
import * as profile from './service';

const me = (req: FastifyRequest): profile.Me => {
  const u = currentUser(req);
  return { tenantId: u.tenantId, userId: u.id, sessionId: u.sessionId };
};

/**
 * Profile calls under /api: own profile, public profiles, preferences, avatar, address. The spec's self-exclusion
 * calls belong to the responsible-gaming module.
 */
export async function profileRoutes(fastify: FastifyInstance, opts: { db: Db; storage: FileStorage }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db, storage } = opts;
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  // Limits checked while streaming: a 50 MB upload is cut off at 2 MB + 1 byte, never buffered whole.
  await app.register(multipart, {
    limits: { fileSize: profile.AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  });

  app.get('/profile', { ...authed, schema: profileCall }, async (req) => profile.getProfile(db, me(req)));

  app.post('/profile/show', { schema: showProfileCall }, async (req) =>
    profile.showPublicProfile(db, req.tenant.id, req.body.user_id),
  );

  app.post('/profile/toggle-hide-metrics', { ...authed, schema: toggleHideMetricsCall }, async (req) =>
    profile.toggleHideMetrics(db, me(req), req.body.hide_metrics ?? null),
  );

  app.post('/profile/updateName', { ...authed, schema: updateNameCall }, async (req) =>
    profile.updateName(db, me(req), req.body.name),
  );

  app.post('/profile/updateLanguage', { ...authed, schema: updateLanguageCall }, async (req) =>
    profile.updateLanguage(db, me(req), req.body.language),
  );

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

  app.post('/profile/update-settings', { ...authed, schema: updateSettingsCall }, async (req) =>
    profile.updateSettings(db, me(req), req.body),
  );

  app.post('/address/create', { ...authed, schema: saveAddressCall }, async (req) =>
    profile.saveAddress(db, me(req), req.body),
  );
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
