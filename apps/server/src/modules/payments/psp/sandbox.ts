import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Db, Sql } from '../../../platform/db/index';
import { dynamicBrCode, formatAmount, parseAmount } from './brcode';
import type { CobStatus, PayoutStatus } from './provider';

/**
 * The built-in PSP stand-in. It speaks the Banco Central "API Pix" shapes (OAuth2 token, PUT/GET/PATCH /cob/{txid},
 * GET /pix/{e2eid}, PUT /pix/{e2eid}/devolucao/{id}, PUT /webhook/{chave}, webhook POST {webhookUrl}/pix with
 * {"pix": [...]}) and Efí-style payouts, over real HTTP on 127.0.0.1, so the platform's PSP client runs exactly
 * the code it runs against a bank. Its /sandbox/* routes are what a payer's bank would do: pay a charge (from the
 * player's CPF or another), expire it, decide how the next payout ends. It is a test double of an outside system,
 * not a store of record; its state is in its own tables (sandbox_psp_*) so that every node's stand-in is the same
 * PSP: a charge created through one node can be paid, read or refunded through another.
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
  /** How many times a charge was read (GET /cob/{txid}), through any node: what a real PSP bills and rate-limits. */
  lookups(txid: string): Promise<number>;
  close(): Promise<void>;
};

const problem = (reply: FastifyReply, status: number, title: string, detail: string) =>
  reply
    .code(status)
    .header('content-type', 'application/problem+json')
    .send({ type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail });

const e2e = () =>
  `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32);

type ChargeRow = {
  txid: string;
  status: CobStatus;
  criacao: string;
  expiracao: number;
  valor: string;
  chave: string;
  devedor: Cob['devedor'] | null;
  location: string;
  pix_copia_e_cola: string;
};

const CHARGE_COLUMNS = 'txid, status, criacao, expiracao, valor, chave, devedor, location, pix_copia_e_cola';

export async function startSandboxPsp(o: {
  /** Where the stand-in keeps its charges, payouts, webhooks and DICT: every node on one database shares them. */
  db: Db;
  clientId: string;
  clientSecret: string;
  merchantName?: string;
  merchantCity?: string;
  port?: number;
  /** The DICT beyond the explicit /sandbox/dict entries (keys people registered at their banks). */
  dict?: DictResolver;
}): Promise<SandboxPsp> {
  const { db } = o;
  const app = Fastify({ logger: false });
  let base = '';

  // Tokens carry their expiry and a MAC under the client secret, so a token one node issued is good on any other.
  const tokenMac = (body: string) => createHmac('sha256', o.clientSecret).update(body).digest('base64url');
  const issueToken = () => {
    const body = `${Date.now() + 3600_000}.${randomBytes(12).toString('base64url')}`;
    return `${body}.${tokenMac(body)}`;
  };
  const tokenValid = (token: string) => {
    const cut = token.lastIndexOf('.');
    if (cut < 0) return false;
    const body = token.slice(0, cut);
    const mac = Buffer.from(token.slice(cut + 1));
    const want = Buffer.from(tokenMac(body));
    if (mac.length !== want.length || !timingSafeEqual(mac, want)) return false;
    return Number(body.split('.')[0]) > Date.now();
  };

  const isDue = (c: ChargeRow) => c.status === 'ATIVA' && Date.parse(c.criacao) + c.expiracao * 1000 < Date.now();

  /** The charge as the PSP shows it, expiring it first when its time is up. */
  async function readCharge(sql: Sql, where: string, param: string): Promise<Cob | null> {
    const { rows } = await sql.query<ChargeRow>(`select ${CHARGE_COLUMNS} from sandbox_psp_charges where ${where}`, [
      param,
    ]);
    const c = rows[0];
    if (!c) return null;
    if (isDue(c)) {
      await sql.query(
        `update sandbox_psp_charges set status = 'REMOVIDA_PELO_PSP' where txid = $1 and status = 'ATIVA'`,
        [c.txid],
      );
      c.status = 'REMOVIDA_PELO_PSP';
    }
    return {
      txid: c.txid,
      status: c.status,
      calendario: { criacao: c.criacao, expiracao: c.expiracao },
      valor: { original: c.valor },
      chave: c.chave,
      ...(c.devedor ? { devedor: c.devedor } : {}),
      location: c.location,
      pixCopiaECola: c.pix_copia_e_cola,
      pix: await readPix(sql, 'txid = $1', c.txid),
    };
  }

  async function readPix(sql: Sql, where: string, param: string): Promise<Pix[]> {
    const { rows } = await sql.query<{
      end_to_end_id: string;
      txid: string;
      valor: string;
      horario: string;
      pagador_cpf: string;
      pagador_nome: string;
      devolucoes: Pix['devolucoes'];
    }>(
      `select p.end_to_end_id, p.txid, p.valor, p.horario, p.pagador_cpf, p.pagador_nome,
              coalesce((select json_agg(json_build_object('id', r.id, 'rtrId', r.rtr_id, 'valor', r.valor,
                          'status', r.status) order by r.seq)
                         from sandbox_psp_refunds r where r.end_to_end_id = p.end_to_end_id), '[]'::json) as devolucoes
         from sandbox_psp_pix p where p.${where} order by p.seq`,
      [param],
    );
    return rows.map((p) => ({
      endToEndId: p.end_to_end_id,
      txid: p.txid,
      valor: p.valor,
      horario: p.horario,
      pagador: { cpf: p.pagador_cpf, nome: p.pagador_nome },
      devolucoes: p.devolucoes,
    }));
  }

  app.post('/oauth/token', async (req, reply) => {
    const auth = req.headers.authorization ?? '';
    const [id, secret] = Buffer.from(auth.replace(/^Basic\s+/i, ''), 'base64')
      .toString()
      .split(':');
    if (id !== o.clientId || secret !== o.clientSecret)
      return problem(reply, 401, 'AcessoNegado', 'bad client credentials');
    return {
      access_token: issueToken(),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'cob.write cob.read pix.read',
    };
  });

  // Everything but the token endpoint, the location and the sandbox controls needs a bearer token.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/oauth/') || req.url.startsWith('/sandbox/') || req.url.startsWith('/qr/')) return;
    const t = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!t || !tokenValid(t)) return problem(reply, 401, 'AcessoNegado', 'missing or expired token');
  });

  app.put('/cob/:txid', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    if (!/^[a-zA-Z0-9]{26,35}$/.test(txid)) return problem(reply, 400, 'CobOperacaoInvalida', 'txid invalid');
    const existing = await readCharge(db, 'txid = $1', txid);
    if (existing) return reply.code(200).send(existing);
    const b = req.body as Partial<Cob> & { calendario?: { expiracao?: number } };
    const valor = b?.valor?.original;
    if (typeof valor !== 'string' || !/^\d{1,10}\.\d{2}$/.test(valor) || parseAmount(valor) === 0)
      return problem(reply, 400, 'CobOperacaoInvalida', 'valor.original invalid');
    if (typeof b.chave !== 'string' || !b.chave) return problem(reply, 400, 'CobOperacaoInvalida', 'chave required');
    const location = `${base.replace(/^https?:\/\//, '')}/qr/v2/${randomUUID().replace(/-/g, '')}`;
    const pixCopiaECola = dynamicBrCode({
      location,
      merchantName: o.merchantName ?? 'SORTE PAGAMENTOS',
      merchantCity: o.merchantCity ?? 'SAO PAULO',
    });
    // Two nodes creating the same txid at once: the first insert wins and both answer with that charge.
    const { rowCount } = await db.query(
      `insert into sandbox_psp_charges (${CHARGE_COLUMNS}) values ($1, 'ATIVA', $2, $3, $4, $5, $6, $7, $8)
        on conflict (txid) do nothing`,
      [
        txid,
        new Date().toISOString(),
        b.calendario?.expiracao ?? 86400,
        valor,
        b.chave,
        b.devedor ? JSON.stringify(b.devedor) : null,
        location,
        pixCopiaECola,
      ],
    );
    const cob = await readCharge(db, 'txid = $1', txid);
    return reply.code(rowCount ? 201 : 200).send(cob);
  });

  app.get('/cob/:txid', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    await db.query(
      `insert into sandbox_psp_lookups (txid, n) values ($1, 1)
        on conflict (txid) do update set n = sandbox_psp_lookups.n + 1`,
      [txid],
    );
    const c = await readCharge(db, 'txid = $1', txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    return c;
  });

  app.patch('/cob/:txid', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    const c = await readCharge(db, 'txid = $1', txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    const status = (req.body as { status?: string })?.status;
    if (status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || c.status !== 'ATIVA') return c;
    await db.query(`update sandbox_psp_charges set status = $2 where txid = $1 and status = 'ATIVA'`, [txid, status]);
    return readCharge(db, 'txid = $1', txid);
  });

  app.get('/qr/v2/:id', async (req, reply) => {
    const loc = `/qr/v2/${(req.params as { id: string }).id}`;
    const c = await readCharge(db, 'right(location, length($1)) = $1', loc);
    if (!c) return problem(reply, 404, 'NaoEncontrado', 'no such location');
    return { txid: c.txid, status: c.status, valor: c.valor, chave: c.chave };
  });

  app.get('/pix/:e2eid', async (req, reply) => {
    const [p] = await readPix(db, 'end_to_end_id = $1', (req.params as { e2eid: string }).e2eid);
    return p ?? problem(reply, 404, 'PixNaoEncontrado', 'no such pix');
  });

  app.put('/pix/:e2eid/devolucao/:id', async (req, reply) => {
    const { e2eid, id } = req.params as { e2eid: string; id: string };
    const valorAsked = (req.body as { valor?: string })?.valor;
    // The payment's row is locked while its refunds are summed, so two nodes cannot refund it twice over.
    const out = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ valor: string }>(
        'select valor from sandbox_psp_pix where end_to_end_id = $1 for update',
        [e2eid],
      );
      const paid = rows[0];
      if (!paid) return { code: 404 } as const;
      const { rows: given } = await tx.query<{ id: string; rtr_id: string; valor: string; status: 'DEVOLVIDO' }>(
        'select id, rtr_id, valor, status from sandbox_psp_refunds where end_to_end_id = $1 order by seq',
        [e2eid],
      );
      const existing = given.find((d) => d.id === id);
      if (existing)
        return {
          code: 200,
          body: { id: existing.id, rtrId: existing.rtr_id, valor: existing.valor, status: existing.status },
        } as const;
      const valor = valorAsked ?? paid.valor;
      const sum = given.reduce((s, d) => s + (parseAmount(d.valor) ?? 0), 0);
      if ((parseAmount(valor) ?? 0) + sum > (parseAmount(paid.valor) ?? 0)) return { code: 400 } as const;
      const d = { id, rtrId: `D${e2eid.slice(1)}`, valor, status: 'DEVOLVIDO' as const };
      await tx.query(
        'insert into sandbox_psp_refunds (end_to_end_id, id, rtr_id, valor, status) values ($1, $2, $3, $4, $5)',
        [e2eid, d.id, d.rtrId, d.valor, d.status],
      );
      return { code: 201, body: { ...d, horario: { solicitacao: new Date().toISOString() } } } as const;
    });
    if (out.code === 404) return problem(reply, 404, 'PixNaoEncontrado', 'no such pix');
    if (out.code === 400) return problem(reply, 400, 'PixDevolucaoInvalida', 'refund above the amount paid');
    return reply.code(out.code).send(out.body);
  });

  app.put('/webhook/:chave', async (req, reply) => {
    const url = (req.body as { webhookUrl?: string })?.webhookUrl;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url))
      return problem(reply, 400, 'WebhookOperacaoInvalida', 'webhookUrl');
    await db.query(
      `insert into sandbox_psp_webhooks (chave, url) values ($1, $2)
        on conflict (chave) do update set url = excluded.url`,
      [(req.params as { chave: string }).chave, url],
    );
    return reply.code(204).send();
  });

  const readPayout = async (idEnvio: string): Promise<Envio | null> => {
    const { rows } = await db.query<{
      id_envio: string;
      e2e_id: string;
      valor: string;
      chave: string;
      status: PayoutStatus;
      motivo: string | null;
    }>('select id_envio, e2e_id, valor, chave, status, motivo from sandbox_psp_payouts where id_envio = $1', [idEnvio]);
    const e = rows[0];
    if (!e) return null;
    return {
      idEnvio: e.id_envio,
      e2eId: e.e2e_id,
      valor: e.valor,
      status: e.status,
      ...(e.motivo ? { motivo: e.motivo } : {}),
      chave: e.chave,
    };
  };

  app.put('/v3/gn/pix/:idEnvio', async (req, reply) => {
    const { idEnvio } = req.params as { idEnvio: string };
    if (!/^[a-zA-Z0-9]{1,35}$/.test(idEnvio)) return problem(reply, 400, 'valor_invalido', 'idEnvio');
    const existing = await readPayout(idEnvio);
    if (existing) return reply.code(200).send(existing);
    const b = req.body as { valor?: string; favorecido?: { chave?: string } };
    const chave = b?.favorecido?.chave ?? '';
    const { rows } = await db.query<{ outcome: PayoutOutcome }>(
      'delete from sandbox_psp_next_payout returning outcome',
    );
    const outcome = rows[0]?.outcome ?? 'ok';
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
    const { rowCount } = await db.query(
      `insert into sandbox_psp_payouts (id_envio, e2e_id, valor, chave, status, motivo) values ($1, $2, $3, $4, $5, $6)
        on conflict (id_envio) do nothing`,
      [envio.idEnvio, envio.e2eId, envio.valor, envio.chave, envio.status, envio.motivo ?? null],
    );
    // The same payout sent through two nodes at once: the first one stands.
    if (!rowCount) return reply.code(200).send(await readPayout(idEnvio));
    // A real PSP answers "in progress" and settles seconds later; the outcome shows on the next read.
    return reply.code(201).send({ ...envio, status: 'EM_PROCESSAMENTO', motivo: undefined });
  });

  app.get('/v2/gn/pix/enviados/id-envio/:idEnvio', async (req, reply) => {
    const e = await readPayout((req.params as { idEnvio: string }).idEnvio);
    return e ?? problem(reply, 404, 'NaoEncontrado', 'no such payout');
  });

  // DICT lookup, shaped like QI Tech's "Consultar chave Pix": GET /pix_key/{pix_key}?document_number={cpf|cnpj}.
  app.get('/pix_key/:key', async (req, reply) => {
    const key = (req.params as { key: string }).key;
    if (!key || key.length > 77) return problem(reply, 400, 'chave_invalida', 'pix_key invalid');
    const doc = (req.query as { document_number?: string }).document_number;
    const { rows } = await db.query<{ cpf: string | null; nome: string | null }>(
      'select cpf, nome from sandbox_psp_dict where key = $1',
      [key],
    );
    const entry = rows[0];
    const owner = entry
      ? entry.cpf && entry.nome
        ? { cpf: entry.cpf, nome: entry.nome }
        : null
      : ((await o.dict?.(key)) ?? null);
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
    await db.query(
      `insert into sandbox_psp_dict (key, cpf, nome) values ($1, $2, $3)
        on conflict (key) do update set cpf = excluded.cpf, nome = excluded.nome`,
      [key, b.cpf, b.nome.slice(0, 120)],
    );
    return { pix_key: key, cpf: b.cpf, nome: b.nome };
  });

  /** Removes a key from the DICT (also hides it from the resolver: the key is then unknown). */
  app.delete('/sandbox/dict/:key', async (req) => {
    const key = (req.params as { key: string }).key;
    await db.query(
      `insert into sandbox_psp_dict (key, cpf, nome) values ($1, null, null)
        on conflict (key) do update set cpf = null, nome = null`,
      [key],
    );
    return { pix_key: key, removed: true };
  });

  app.post('/sandbox/cob/:txid/pay', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    const c = await readCharge(db, 'txid = $1', txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    if (c.status !== 'ATIVA') return problem(reply, 409, 'CobNaoAtiva', `charge is ${c.status}`);
    const b = (req.body ?? {}) as { cpf?: string; nome?: string };
    const pix: Pix = {
      endToEndId: e2e(),
      txid: c.txid,
      valor: c.valor.original,
      horario: new Date().toISOString(),
      pagador: { cpf: b.cpf ?? c.devedor?.cpf ?? '00000000000', nome: b.nome ?? c.devedor?.nome ?? 'Pagador' },
      devolucoes: [],
    };
    // Paid once: of two payers on two nodes at once, the second finds the charge no longer active.
    const paid = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ status: CobStatus }>(
        `update sandbox_psp_charges set status = 'CONCLUIDA' where txid = $1 and status = 'ATIVA' returning status`,
        [txid],
      );
      if (!rows[0]) return false;
      await tx.query(
        `insert into sandbox_psp_pix (end_to_end_id, txid, valor, horario, pagador_cpf, pagador_nome)
          values ($1, $2, $3, $4, $5, $6)`,
        [pix.endToEndId, pix.txid, pix.valor, pix.horario, pix.pagador.cpf, pix.pagador.nome],
      );
      return true;
    });
    if (!paid) {
      const now = await readCharge(db, 'txid = $1', txid);
      return problem(reply, 409, 'CobNaoAtiva', `charge is ${now?.status}`);
    }
    const delivered = await deliver(c.chave, [pix]);
    return { endToEndId: pix.endToEndId, webhook: delivered };
  });

  app.post('/sandbox/cob/:txid/expire', async (req, reply) => {
    const { txid } = req.params as { txid: string };
    const c = await readCharge(db, 'txid = $1', txid);
    if (!c) return problem(reply, 404, 'CobNaoEncontrado', 'no such charge');
    if (c.status !== 'ATIVA') return c;
    await db.query(`update sandbox_psp_charges set status = 'REMOVIDA_PELO_PSP' where txid = $1 and status = 'ATIVA'`, [
      txid,
    ]);
    return readCharge(db, 'txid = $1', txid);
  });

  /** Re-sends the webhook of a paid charge (to prove duplicates credit once). */
  app.post('/sandbox/cob/:txid/resend-webhook', async (req, reply) => {
    const c = await readCharge(db, 'txid = $1', (req.params as { txid: string }).txid);
    if (!c || c.pix.length === 0) return problem(reply, 404, 'CobNaoEncontrado', 'no paid charge');
    return { webhook: await deliver(c.chave, c.pix) };
  });

  app.put('/sandbox/next-payout', async (req, reply) => {
    const outcome = (req.body as { outcome?: string })?.outcome;
    if (outcome !== 'ok' && outcome !== 'fail' && outcome !== 'invalid_key')
      return problem(reply, 400, 'Invalido', 'outcome must be ok, fail or invalid_key');
    await db.query(
      `insert into sandbox_psp_next_payout (outcome) values ($1)
        on conflict (one) do update set outcome = excluded.outcome`,
      [outcome],
    );
    return { outcome };
  });

  async function deliver(chave: string, list: Pix[]) {
    const { rows } = await db.query<{ url: string }>('select url from sandbox_psp_webhooks where chave = $1', [chave]);
    const url = rows[0]?.url;
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
  return {
    url: base,
    app,
    lookups: async (txid) => {
      const { rows } = await db.query<{ n: number }>('select n from sandbox_psp_lookups where txid = $1', [txid]);
      return rows[0]?.n ?? 0;
    },
    close: () => app.close(),
  };
}

export { formatAmount };
