import { devPixCalls } from '@sorte/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../platform/auth';
import type { ContractTypeProvider } from '../../platform/contracts';
import { AppError } from '../../platform/errors';
import { NO_CACHE } from '../../platform/http';
import { listOpenCharges } from './deposits';
import { walletRoutes } from './routes';
import { createWalletRuntime, runtimeFor, type WalletRuntime } from './runtime';

/** Payments under /api: the wallet page, PIX deposits, withdrawals, PIX keys, the PSP webhook, and dev PIX tools. */
export async function walletModule(app: FastifyInstance) {
  const rt = await createWalletRuntime(app);
  await app.register(walletRoutes, { rt });
  if (app.config.devTools) await app.register(devPixApi, { rt });
}

/** A CPF that is valid but not the player's: what "pay from another CPF" uses. */
function otherCpf(not: string | null): string {
  for (let i = 0; ; i++) {
    const base = String(123_456_780 + i).padStart(9, '0');
    const d = base.split('').map(Number);
    for (const len of [9, 10]) {
      let sum = 0;
      for (let k = 0; k < len; k++) sum += d[k]! * (len + 1 - k);
      const r = (sum * 10) % 11;
      d.push(r === 10 ? 0 : r);
    }
    const cpf = d.join('');
    if (cpf !== not) return cpf;
  }
}

type DevAction = 'pay' | 'pay-other' | 'expire';

/**
 * What a payer's bank would do, through the sandbox PSP over HTTP (which then sends its webhook): never straight
 * into the ledger.
 */
async function devAct(rt: WalletRuntime, tenantId: number, txid: string, action: DevAction) {
  if (!rt.sandbox) throw new AppError('not_found', 'the PSP is not the sandbox');
  const { rows } = await rt.db.query<{ cpf: string | null; first_name: string; last_name: string }>(
    `select u.cpf, u.first_name, u.last_name from pix_charges c join users u on u.tenant_id = c.tenant_id and u.id = c.user_id
      where c.tenant_id = $1 and c.txid = $2`,
    [tenantId, txid],
  );
  const owner = rows[0];
  if (!owner) throw new AppError('not_found', { pt: 'Cobrança não encontrada.', en: 'Charge not found.' });
  const url = `${rt.sandbox.url}/sandbox/cob/${txid}/${action === 'expire' ? 'expire' : 'pay'}`;
  const body =
    action === 'pay'
      ? { cpf: owner.cpf ?? undefined, nome: `${owner.first_name} ${owner.last_name}` }
      : action === 'pay-other'
        ? { cpf: otherCpf(owner.cpf), nome: 'Outra Pessoa' }
        : {};
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new AppError('conflict', String(out.detail ?? out.title ?? `sandbox answered ${res.status}`));
  if (action === 'expire') await rt.runJobs().catch(() => {});
  return out;
}

/** POST /api/dev/pix/{txid}/pay|pay-other|expire, GET /api/dev/pix, PUT /api/dev/pix/next-payout (tests, tools). */
async function devPixApi(fastify: FastifyInstance, opts: { rt: WalletRuntime }) {
  const app = fastify.withTypeProvider<ContractTypeProvider>();
  const { rt } = opts;
  app.get('/dev/pix', { schema: devPixCalls.list }, async (req, reply) => {
    reply.headers(NO_CACHE);
    return listOpenCharges(rt.db, req.tenant.id);
  });
  app.post('/dev/pix/:txid/:action', { schema: devPixCalls.act }, async (req) =>
    devAct(rt, req.tenant.id, req.params.txid, req.params.action),
  );
  app.put('/dev/pix/next-payout', { schema: devPixCalls.nextPayout }, async (req) => {
    if (!rt.sandbox) throw new AppError('not_found');
    const res = await fetch(`${rt.sandbox.url}/sandbox/next-payout`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(req.body),
    });
    if (!res.ok) throw new AppError('bad_request', `sandbox answered ${res.status}`);
    return res.json();
  });
  // The sandbox DICT: make a PIX key the signed-in player's ("me"), someone else's ("other"), or unknown ("none").
  app.put('/dev/pix/dict', { preValidation: requireUser(rt.db), schema: devPixCalls.dict }, async (req) => {
    if (!rt.sandbox) throw new AppError('not_found', 'the PSP is not the sandbox');
    const { key, owner } = req.body;
    const u = currentUser(req);
    const { rows } = await rt.db.query<{ cpf: string | null; first_name: string; last_name: string }>(
      'select cpf, first_name, last_name from users where tenant_id = $1 and id = $2',
      [u.tenantId, u.id],
    );
    const me = rows[0]!;
    const url = `${rt.sandbox.url}/sandbox/dict/${encodeURIComponent(key)}`;
    const res =
      owner === 'none'
        ? await fetch(url, { method: 'DELETE' })
        : await fetch(url, {
            method: 'PUT',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(
              owner === 'me'
                ? { cpf: me.cpf ?? otherCpf(null), nome: `${me.first_name} ${me.last_name}` }
                : { cpf: otherCpf(me.cpf), nome: 'Outra Pessoa' },
            ),
          });
    if (!res.ok) throw new AppError('bad_request', `sandbox answered ${res.status}`);
    return { key, owner };
  });
  app.post('/dev/wallet/run-jobs', { schema: devPixCalls.runJobs }, async () => {
    await rt.runJobs();
    return { ok: true };
  });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const brl = (c: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(c / 100);

/** GET /dev/pix: a page to pay, pay from another CPF or expire the sandbox charges (never in production). */
export async function devPixPage(app: FastifyInstance) {
  const rt = () => {
    const r = runtimeFor(app.db);
    if (!r) throw new AppError('unavailable');
    return r;
  };
  // The page's buttons are plain HTML forms; their (empty) bodies carry nothing we read.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );
  app.get('/dev/pix', async (req, reply) => {
    const charges = await listOpenCharges(app.db, req.tenant.id);
    // A repeated ?msg= arrives as a list: only a single text is shown.
    const msg = (req.query as { msg?: unknown }).msg;
    const q = { msg: typeof msg === 'string' ? msg : undefined };
    const now = Date.now();
    const rows = charges
      .map((c) => {
        const open = c.status === 'waiting_payment' && c.expires_at.getTime() > now;
        const btn = (action: DevAction, label: string) =>
          `<form method="post" action="/dev/pix/${c.txid}/${action}"><button>${label}</button></form>`;
        return (
          `<tr><td><code>${escapeHtml(c.txid)}</code></td><td>${escapeHtml(c.email)}</td><td>${brl(c.amount)}</td>` +
          `<td>${escapeHtml(c.status)}</td><td>${escapeHtml(c.expires_at.toISOString().replace('T', ' ').slice(0, 19))}</td>` +
          `<td class="act">${open ? btn('pay', 'Pagar') + btn('pay-other', 'Pagar de outro CPF') + btn('expire', 'Expirar') : ''}</td></tr>`
        );
      })
      .join('');
    reply.headers(NO_CACHE).header('content-type', 'text/html; charset=utf-8');
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'");
    return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="robots" content="noindex"><title>PIX sandbox (dev) · ${escapeHtml(req.tenant.settings.site.name)}</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5rem;color:#111}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left;vertical-align:top}.act form{display:inline;margin-right:.3rem}
button{padding:.35rem .7rem;cursor:pointer}.msg{background:#eef;padding:.6rem;border-radius:6px}</style></head><body>
<h1>PIX sandbox</h1>
<p>Cobranças PIX deste site no PSP de testes. "Pagar" faz o que o banco do pagador faria: o PSP de testes marca a
cobrança como paga e envia o webhook ao servidor, que confirma e credita. Só existe fora de produção.</p>
${q.msg ? `<p class="msg">${escapeHtml(q.msg.slice(0, 300))}</p>` : ''}
<p><form method="post" action="/dev/pix/next-payout/fail" style="display:inline"><button>Próximo saque: falhar</button></form>
<form method="post" action="/dev/pix/next-payout/invalid_key" style="display:inline"><button>Próximo saque: chave inválida</button></form>
<form method="post" action="/dev/pix/run-jobs" style="display:inline"><button>Processar saques agora</button></form></p>
<table><thead><tr><th>txid</th><th>Jogador</th><th>Valor</th><th>Status</th><th>Expira (UTC)</th><th></th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">Nenhuma cobrança.</td></tr>'}</tbody></table></body></html>`;
  });
  const back = (reply: FastifyReply, msg: string) => reply.redirect(`/dev/pix?msg=${encodeURIComponent(msg)}`, 303);
  app.post('/dev/pix/:txid/:action', async (req: FastifyRequest, reply) => {
    const { txid, action } = req.params as { txid: string; action: string };
    const r = rt();
    if (txid === 'next-payout') {
      if (!r.sandbox || !['fail', 'invalid_key'].includes(action)) throw new AppError('not_found');
      await fetch(`${r.sandbox.url}/sandbox/next-payout`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ outcome: action }),
      });
      return back(reply, `O próximo saque vai terminar como: ${action}`);
    }
    if (action !== 'pay' && action !== 'pay-other' && action !== 'expire') throw new AppError('not_found');
    try {
      const out = await devAct(r, req.tenant.id, txid, action);
      return back(reply, action === 'expire' ? 'Cobrança expirada.' : `Pago (endToEndId ${String(out.endToEndId)}).`);
    } catch (err) {
      return back(reply, `Erro: ${(err as Error).message}`);
    }
  });
  app.post('/dev/pix/run-jobs', async (_req, reply) => {
    await rt().runJobs();
    return back(reply, 'Saques processados.');
  });
}
