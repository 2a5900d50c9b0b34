import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NO_CACHE } from '../../platform/http';
import { listOutbox, type OutboxEntry } from '../../platform/messaging';
import { normalizeEmail, normalizePhone } from './validation';

/** `?to=` as the outbox stores it: a phone in any writing becomes E.164, an e-mail lower case. */
function recipient(req: FastifyRequest): string | null {
  const to = (req.query as Record<string, unknown>).to;
  if (typeof to !== 'string' || !to.trim()) return null;
  return normalizePhone(to) ?? normalizeEmail(to) ?? to.trim().slice(0, 254);
}

/** GET /api/dev/outbox?to=: what the built-in SMS/e-mail provider "sent" to the tenant's players (newest first). */
export async function devOutboxApi(app: FastifyInstance) {
  app.get('/dev/outbox', async (req, reply) => {
    reply.headers(NO_CACHE);
    return listOutbox(app.db, req.tenant.id, recipient(req));
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function renderPage(site: string, to: string | null, items: OutboxEntry[]): string {
  const rows = items
    .map(
      (m) =>
        `<tr><td>${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))}</td><td>${m.channel === 'sms' ? 'SMS' : 'E-mail'}</td>` +
        `<td>${escapeHtml(m.to)}</td><td class="code">${escapeHtml(m.code ?? '')}</td>` +
        `<td>${m.subject ? `<strong>${escapeHtml(m.subject)}</strong><br>` : ''}${escapeHtml(m.body)}</td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>Caixa de saída (dev) · ${escapeHtml(site)}</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}.code{font:700 1.3rem monospace}
form{margin:1rem 0}input{padding:.4rem;width:18rem}</style></head><body>
<h1>Caixa de saída de desenvolvimento</h1>
<p>Mensagens SMS e e-mail que ${escapeHtml(site)} teria enviado. Só existe fora de produção.</p>
<form method="get"><input name="to" placeholder="celular ou e-mail" value="${escapeHtml(to ?? '')}"> <button>Filtrar</button></form>
<table><thead><tr><th>Quando (UTC)</th><th>Canal</th><th>Para</th><th>Código</th><th>Mensagem</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">Nenhuma mensagem.</td></tr>'}</tbody></table></body></html>`;
}

/** GET /dev/outbox: the same list as a page a person reads while trying the site on one machine. */
export async function devOutboxPage(app: FastifyInstance) {
  app.get('/dev/outbox', async (req, reply) => {
    const to = recipient(req);
    const items = await listOutbox(app.db, req.tenant.id, to, 100);
    reply.headers(NO_CACHE).header('content-type', 'text/html; charset=utf-8');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
    return renderPage(req.tenant.settings.site.name, to, items);
  });
}
