import path from 'node:path';
import multipart from '@fastify/multipart';
import { kycCalls } from '@sorte/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import { AppError, type Localized } from '../../platform/errors';
import { NO_CACHE } from '../../platform/http';
import { localDiskStorage } from '../../platform/storage';
import { KMSG } from './messages';
import * as kyc from './service';

const field = (name: string, m: Localized) => new AppError('validation', m, { [name]: [m] });

/** KYC document calls of spec section 7 under /api. */
export async function kycRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db, config } = app;
  const storage = localDiskStorage(path.join(config.dataDir, 'files'));
  // Before validation: a guest gets 401 before any field is read.
  const authed = { preValidation: requireUser(db) };
  const me = (req: FastifyRequest) => {
    const u = currentUser(req);
    return { tenantId: u.tenantId, userId: u.id };
  };

  // Sizes are enforced while streaming: an 11 MB upload stops at 10 MB + 1 byte.
  await app.register(async (docs) => {
    await docs.register(multipart, {
      limits: { fileSize: kyc.DOCUMENT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    docs.post('/documents/upload', { ...authed, schema: kycCalls.upload }, async (req) => {
      if (!req.isMultipart()) throw field('document', KMSG.required);
      let type: unknown;
      let data: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'field' && part.fieldname === 'type') type = part.value;
          else if (part.type === 'file' && part.fieldname === 'document') data = await part.toBuffer();
          else if (part.type === 'file') await part.toBuffer();
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('payload_too_large', KMSG.docSize, { document: [KMSG.docSize] });
        throw err;
      }
      const errors: Record<string, Localized[]> = {};
      if (type === undefined || type === '') errors.type = [KMSG.required];
      else if (!(kyc.DOCUMENT_TYPES as readonly unknown[]).includes(type)) errors.type = [KMSG.docType];
      if (!data || data.length === 0) errors.document = [KMSG.required];
      const first = Object.values(errors)[0]?.[0];
      if (first) throw new AppError('validation', first, errors);
      return kyc.uploadDocument(db, storage, { ...me(req), type: type as kyc.DocumentType, data: data! });
    });
  });

  app.get('/documents/status', { ...authed, schema: kycCalls.status }, async (req, reply) => {
    reply.headers(NO_CACHE);
    const m = me(req);
    return kyc.documentStatus(db, m.tenantId, m.userId);
  });

  app.post('/documents/cancel/:id', { ...authed, schema: kycCalls.cancel }, async (req) => {
    const m = me(req);
    return kyc.cancelDocument(db, m.tenantId, m.userId, req.params.id);
  });
}
