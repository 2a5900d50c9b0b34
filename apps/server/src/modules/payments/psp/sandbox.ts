import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { dynamicBrCode, formatAmount, parseAmount } from './brcode';
import type { CobStatus, PayoutStatus } from './provider';

/**
 * The built-in PSP stand-in. It speaks the Banco Central "API Pix" shapes (OAuth2 token, PUT/GET/PATCH /cob/{txid},
 * GET /pix/{e2eid}, PUT /pix/{e2eid}/devolucao/{id}, PUT /webhook/{chave}, webhook POST {webhookUrl}/pix with
 * {"pix": [...]}) and Efí-style payouts, over real HTTP on 127.0.0.1, so the platform's PSP client runs exactly
 * the code it runs against a bank. Its /sandbox/* routes are what a payer's bank would do: pay a charge (from the
 * player's CPF or another), expire it, decide how the next payout ends. State lives in memory: it is a test double
 * of an outside system, not a store of record.
 */

type Pix = {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  pagador: { cpf: string; nome: string };
  devolucoes: { id: string; rtrId: string; valor: string; status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' }[];
};

type Cob = {
  txid: string;
  status: CobStatus;
  calendario: { criacao: string; expiracao: number };
  valor: { original: string };
  chave: string;
  devedor?: { cpf?: string; nome?: string };
  location: string;
  pixCopiaECola: string;
  pix: Pix[];
};

type PayoutOutcome = 'ok' | 'fail' | 'invalid_key';
type Envio = { idEnvio: string; e2eId: string; valor: string; status: PayoutStatus; motivo?: string; chave: string };

/** Who owns a PIX key in the sandbox's DICT, when no explicit entry says (the runtime answers from its players). */
export type DictResolver = (key: string) => Promise<{ cpf: string; nome: string } | null>;

export type SandboxPsp = {
  url: string;
  app: FastifyInstance;
  /** How many times a charge was read (GET /cob/{txid}): what a real PSP bills and rate-limits. */
  lookups(txid: string): number;
  close(): Promise<void>;
};

const problem = (reply: FastifyReply, status: number, title: string, detail: string) =>
  reply
    .code(status)
    .header('content-type', 'application/problem+json')
    .send({ type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail });

const e2e = () =>
  `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32);

export async function startSandboxPsp(o: {
  clientId: string;
  clientSecret: string;
  merchantName?: string;
  merchantCity?: string;
  port?: number;
  /** The DICT beyond the explicit /sandbox/dict entries (keys people registered at their banks). */
  dict?: DictResolver;
}): Promise<SandboxPsp> {
  const app = Fastify({ logger: false });
  const tokens = new Map<string, number>();
  const cobs = new Map<string, Cob>();
  const pixByE2e = new Map<string, Pix>();
  const envios = new Map<string, Envio>();
  const webhooks = new Map<string, string>();
  /** Explicit DICT entries (PUT /sandbox/dict/{chave}): they win over the resolver. */
  const dict = new Map<string, { cpf: string; nome: string }>();
  const removed = new Set<string>();
  const lookups = new Map<string, number>();
  let nextPayout: PayoutOutcome = 'ok';
  let base = '';

  const expireIfDue = (c: Cob) => {
    if (c.status === 'ATIVA' && Date.parse(c.calendario.criacao) + c.calendario.expiracao * 1000 < Date.now())
      c.status = 'REMOVIDA_PELO_PSP';
    return c;
  };

  app.post('/oauth/token', async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const [id, secret] = Buffer.from(auth.replace(/^Basic\s+/i, ''), 'base64')
      .toString()
      .split(':');
    if (id !== o.clientId || secret !== o.clientSecret)
      return problem(reply, 401, 'AcessoNegado', 'bad client credentials');
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + 3600_000);
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, scope: 'cob.write cob.read pix.read' };
  });

  // Everything but the token endpoint, the location and the sandbox controls needs a bearer token.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/oauth/') || req.url.startsWith('/sandbox/') || req.url.startsWith('/qr/')) return;
    const t = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const exp = t ? tokens.get(t) : undefined;
    if (!exp || exp < Date.now()) return problem(reply, 401, 'AcessoNegado', 'missing or expired token');
  });

  app.put('/cob/:txid', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) return problem(reply, 400, 'CobOperacaoInvalida', 'txid invalid');
    const existing = cobs.get(txid);
    if (existing) return reply.code(200).send(expireIfDue(existing));
    const b = req.body as Partial<Cob> & { calendario?: { expiracao?: number } };
    const valor = b?.valor?.original;
    if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor) || parseAmount(valor) === 0)
      return problem(reply, 400, 'CobOperacaoInvalida', 'valor.original invalid');
    if (typeof b.chave !== 'string' || !b.chave) return problem(reply, 400, 'CobOperacaoInvalida', 'chave required');
    const location = `${base.replace(/^https?:\/\//, '')}/qr/v2/${randomUUID().replace(/-/g, '')}`;
    const cob: Cob = {
      txid,
      status: 'ATIVA',
      calendario: { criacao: new Date().toISOString(), expiracao: b.calendario?.expiracao ?? 86400 },
      valor: { original: valor },
      chave: b.chave,
      devedor: b.devedor,
      location,
      pixCopiaECola: dynamicBrCode({
        location,
        merchantName: o.merchantName ?? 'SORTE PAGAMENTOS',
        merchantCity: o.merchantCity ?? 'SAO PAULO',
      }),
      pix: [],
    };
    cobs.set(txid, cob);
    return reply.code(201).send(cob);
  });

  app.get('/cob/:txid', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    lookups.set(txid, (lookups.get(txid) ?? 0) + 1);
    const c = cobs.get(txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    return expireIfDue(c);
  });

  app.patch('/cob/:txid', async (req, reply) => {
    const c = cobs.get((req.params as { txid: string }).txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    const status = (req.body as { status?: string })?.status;
    if (status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' && expireIfDue(c).status === 'ATIVA') c.status = status;
    return c;
  });

  app.get('/qr/v2/:id', async (req, reply) => {
    const loc = `/qr/v2/${(req.params as { id: string }).id}`;
    const c = [...cobs.values()].find((x) => x.location.endsWith(loc));
    if (!c) return problem(reply, 404, 'NaoEncontrado', 'no such location');
    return { txid: c.txid, status: expireIfDue(c).status, valor: c.valor, chave: c.chave };
  });

  app.get('/pix/:e2eid', async (req, reply) => {
    const p = pixByE2e.get((req.params as { e2eid: string }).e2eid);
    return p ?? problem(reply, 404, 'PixNaoEncontrado', 'no such pix');
  });

  app.put('/pix/:e2eid/devolucao/:id', async (req, reply) => {
    const { e2eid, id } = req.params as { e2eid: string; id: string };
    const p = pixByE2e.get(e2eid);
    if (!p) return problem(reply, 404, 'PixNaoEncontrado', 'no such pix');
    const existing = p.devolucoes.find((d) => d.id === id);
    if (existing) return reply.code(200).send(existing);
    const valor = (req.body as { valor?: string })?.valor ?? p.valor;
    const given = p.devolucoes.reduce((s, d) => s + (parseAmount(d.valor) ?? 0), 0);
    if ((parseAmount(valor) ?? 0) + given > (parseAmount(p.valor) ?? 0))
      return problem(reply, 400, 'PixDevolucaoInvalida', 'refund above the amount paid');
    const d = { id, rtrId: `D${e2eid.slice(1)}`, valor, status: 'DEVOLVIDO' as const };
    p.devolucoes.push(d);
    return reply.code(201).send({ ...d, horario: { solicitacao: new Date().toISOString() } });
  });

  app.put('/webhook/:chave', async (req, reply) => {
    const url = (req.body as { webhookUrl?: string })?.webhookUrl;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      return problem(reply, 400, 'WebhookOperacaoInvalida', 'webhookUrl');
    webhooks.set((req.params as { chave: string }).chave, url);
    return reply.code(204).send();
  });

  app.put('/v3/gn/pix/:idEnvio', async (req, reply) => {
    const { idEnvio } = req.params as { idEnvio: string };
    if (!/^[a-zA-Z0-9]{1,35}$/.test(idEnvio)) return problem(reply, 400, 'valor_invalido', 'idEnvio');
    const existing = envios.get(idEnvio);
    if (existing) return reply.code(200).send(existing);
    const b = req.body as { valor?: string; favorecido?: { chave?: string } };
    const chave = b?.favorecido?.chave ?? '';
    const outcome = nextPayout;
    nextPayout = 'ok';
    if (outcome === 'invalid_key' || !chave || /invalid/i.test(chave))
      return problem(reply, 422, 'chave_invalida', 'A chave Pix do favorecido não foi encontrada.');
    const envio: Envio = {
      idEnvio,
      e2eId: e2e(),
      valor: b.valor ?? '0.00',
      chave,
      status: outcome === 'fail' ? 'NAO_REALIZADO' : 'REALIZADO',
      ...(outcome === 'fail' ? { motivo: 'Conta do favorecido encerrada' } : {}),
    };
    envios.set(idEnvio, envio);
    // A real PSP answers "in progress" and settles seconds later; the outcome shows on the next read.
    return reply.code(201).send({ ...envio, status: 'EM_PROCESSAMENTO', motivo: undefined });
  });

  app.get('/v2/gn/pix/enviados/id-envio/:idEnvio', async (req, reply) => {
    const e = envios.get((req.params as { idEnvio: string }).idEnvio);
    return e ?? problem(reply, 404, 'NaoEncontrado', 'no such payout');
  });

  // DICT lookup, shaped like QI Tech's "Consultar chave Pix": GET /pix_key/{pix_key}?document_number={cpf|cnpj}.
  app.get('/pix_key/:key', async (req, reply) => {
    const key = (req.params as { key: string }).key;
    if (!key || key.length > 77) return problem(reply, 400, 'chave_invalida', 'pix_key invalid');
    const doc = (req.query as { document_number?: string }).document_number;
    const owner = removed.has(key) ? null : (dict.get(key) ?? (await o.dict?.(key)) ?? null);
    if (!owner) return problem(reply, 404, 'chave_nao_encontrada', 'A chave Pix não foi encontrada no DICT.');
    const cpf = owner.cpf.replace(/\D/g, '');
    return {
      pix_key: key,
      owner_name: owner.nome,
      owner_masked_document_number: cpf.length === 11 ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : cpf,
      owner_person_type: cpf.length === 14 ? 'legal' : 'natural',
      is_pix_key_owner: typeof doc === 'string' && doc ? doc.replace(/\D/g, '') === cpf : null,
      ispb: '00000000',
      financial_institution: 'BANCO SANDBOX S.A.',
      end_to_end_id: e2e(),
    };
  });

  // ---- what the payer's bank does (sandbox only) ----

  /** Registers (or moves) a key in the DICT to {cpf, nome}: how a test makes a key belong to someone else. */
  app.put('/sandbox/dict/:key', async (req, reply) => {
    const key = (req.params as { key: string }).key;
    const b = (req.body ?? {}) as { cpf?: unknown; nome?: unknown };
    if (typeof b.cpf !== 'string' || !/^\d{11}$|^\d{14}$/.test(b.cpf) || typeof b.nome !== 'string' || !b.nome)
      return problem(reply, 400, 'Invalido', 'cpf (11 or 14 digits) and nome required');
    dict.set(key, { cpf: b.cpf, nome: b.nome.slice(0, 120) });
    removed.delete(key);
    return { pix_key: key, cpf: b.cpf, nome: b.nome };
  });

  /** Removes a key from the DICT (also hides it from the resolver: the key is then unknown). */
  app.delete('/sandbox/dict/:key', async (req) => {
    const key = (req.params as { key: string }).key;
    dict.delete(key);
    removed.add(key);
    return { pix_key: key, removed: true };
  });

  app.post('/sandbox/cob/:txid/pay', async (req, reply) => {
    const c = cobs.get((req.params as { txid: string }).txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    if (expireIfDue(c).status !== 'ATIVA') return problem(reply, 409, 'CobNaoAtiva', `charge is ${c.status}`);
    const b = (req.body ?? {}) as { cpf?: string; nome?: string };
    const pix: Pix = {
      endToEndId: e2e(),
      txid: c.txid,
      valor: c.valor.original,
      horario: new Date().toISOString(),
      pagador: { cpf: b.cpf ?? c.devedor?.cpf ?? '00000000000', nome: b.nome ?? c.devedor?.nome ?? 'Pagador' },
      devolucoes: [],
    };
    c.status = 'CONCLUIDA';
    c.pix.push(pix);
    pixByE2e.set(pix.endToEndId, pix);
    const delivered = await deliver(c.chave, [pix]);
    return { endToEndId: pix.endToEndId, webhook: delivered };
  });

  app.post('/sandbox/cob/:txid/expire', async (req, reply) => {
    const c = cobs.get((req.params as { txid: string }).txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    if (c.status === 'ATIVA') c.status = 'REMOVIDA_PELO_PSP';
    return c;
  });

  /** Re-sends the webhook of a paid charge (to prove duplicates credit once). */
  app.post('/sandbox/cob/:txid/resend-webhook', async (req, reply) => {
    const c = cobs.get((req.params as { txid: string }).txid);
    if (!c || c.pix.length === 0) return problem(reply, 404, 'CobNaoEncontrado', 'no paid charge');
    return { webhook: await deliver(c.chave, c.pix) };
  });

  app.put('/sandbox/next-payout', async (req, reply) => {
    const outcome = (req.body as { outcome?: string })?.outcome;
    if (outcome !== 'ok' && outcome !== 'fail' && outcome !== 'invalid_key')
      return problem(reply, 400, 'Invalido', 'outcome must be ok, fail or invalid_key');
    nextPayout = outcome;
    return { outcome };
  });

  async function deliver(chave: string, list: Pix[]) {
    const url = webhooks.get(chave);
    if (!url) return { status: 0, error: 'no webhook registered' };
    const body = {
      pix: list.map((p) => ({
        endToEndId: p.endToEndId,
        txid: p.txid,
        chave,
        valor: p.valor,
        horario: p.horario,
        // Non-standard (several PSPs send it): who paid. The platform refunds payments from another CPF.
        gnExtras: { pagador: { cpf: p.pagador.cpf, nome: p.pagador.nome } },
      })),
    };
    try {
      const res = await fetch(`${url.replace(/\/$/, '')}/pix`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      return { status: res.status };
    } catch (err) {
      return { status: 0, error: (err as Error).message };
    }
  }

  await app.listen({ host: '127.0.0.1', port: o.port ?? 0 });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return { url: base, app, lookups: (txid) => lookups.get(txid) ?? 0, close: () => app.close() };
}

export { formatAmount };
