import { productReportCall, rtpReportCall } from '@sorte/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ContractTypeProvider } from '../../platform/contracts';
import { localeFromHeader } from '../../platform/i18n';
import { allow, authorize, staffOf } from './permissions';
import { productReport, productReportCsv, rtpReport, rtpReportCsv } from './reports';

/** Sends a CSV download (UTF-8 with a BOM, so spreadsheets read the accents). */
function sendCsv(reply: FastifyReply, name: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .serializer((b: unknown) => String(b))
    .send(`\uFEFF${body}`);
}

/**
 * The console's reports calls. Reading is `read Report`; a CSV is an export, `export Report` (auditor, finance,
 * admin, owner), checked again inside since one route serves both.
 */
export async function reportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { db } = app;

  app.get('/reports/products', { ...allow('read', 'Report'), schema: productReportCall }, async (req, reply) => {
    const staff = req.query.format === 'csv' ? await authorize(req, 'export', 'Report') : staffOf(req);
    const r = await productReport(db, staff, req.query);
    if (req.query.format !== 'csv') return r;
    const lang = localeFromHeader(req.headers['accept-language']);
    return sendCsv(reply, `products-${r.group}-${r.from}-${r.to}.csv`, productReportCsv(r, lang));
  });

  app.get('/reports/rtp', { ...allow('read', 'Report'), schema: rtpReportCall }, async (req, reply) => {
    const staff = req.query.format === 'csv' ? await authorize(req, 'export', 'Report') : staffOf(req);
    const r = await rtpReport(db, staff, req.query);
    if (req.query.format !== 'csv') return r;
    const lang = localeFromHeader(req.headers['accept-language']);
    return sendCsv(reply, `rtp-${r.from}-${r.to}.csv`, rtpReportCsv(r, lang));
  });
}
