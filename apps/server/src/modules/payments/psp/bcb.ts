import { formatAmount, parseAmount } from './brcode';
import {
  type Charge,
  type CobStatus,
  InvalidPixKey,
  type Payout,
  type PayoutStatus,
  type PixKeyOwner,
  type PixKeyType,
  PixProvider,
  PspUnavailable,
  type WebhookAction,
} from './provider';

type Fetch = typeof fetch;

export type BcbOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  key: string;
  /** The PSP has a DICT key lookup at GET /pix_key/{key} (see keyOwner); the sandbox has. */
  keyLookup?: boolean;
  fetch?: Fetch;
};

type CobBody = {
  txid: string;
  status: CobStatus;
  valor: { original: string };
  location?: string;
  pixCopiaECola?: string;
  calendario: { criacao: string; expiracao: number };
  pix?: {
    endToEndId: string;
    txid?: string;
    valor: string;
    horario: string;
    pagador?: { cpf?: string; cnpj?: string };
    gnExtras?: { pagador?: { cpf?: string; cnpj?: string } };
  }[];
};

type PayoutBody = { idEnvio: string; e2eId?: string; status: PayoutStatus; motivo?: string };

/** QI Tech's "Consultar chave Pix" answer (GET /pix_key/{pix_key}?document_number=), the fields we read. */
type PixKeyBody = {
  pix_key: string;
  owner_name: string;
  owner_masked_document_number: string;
  owner_person_type: 'natural' | 'legal';
  is_pix_key_owner: boolean | null;
  financial_institution?: string | null;
};

/**
 * The Banco Central "API Pix" (v2) over HTTP with OAuth2 client credentials: cob, pix, devolucao and webhook; and
 * Efí-style payouts (PUT /v3/gn/pix/:idEnvio), since the standard has none. mTLS, which real PSPs require, is the
 * deployment's job (an agent with the client certificate); the sandbox does not ask for it.
 */
export class BcbPixProvider extends PixProvider {
  readonly id = 'bcb';
  readonly hasKeyLookup: boolean;
  private token: { value: string; expires: number } | null = null;
  private readonly fetch: Fetch;

  constructor(private readonly o: BcbOptions) {
    super();
    this.fetch = o.fetch ?? fetch;
    this.hasKeyLookup = o.keyLookup ?? false;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 5_000) return this.token.value;
    const res = await this.send(
      'POST',
      '/oauth/token',
      { grant_type: 'client_credentials' },
      {
        authorization: `Basic ${Buffer.from(`${this.o.clientId}:${this.o.clientSecret}`).toString('base64')}`,
      },
    );
    if (res.status !== 200) throw new PspUnavailable(`token: HTTP ${res.status}`);
    const b = (await res.json()) as { access_token: string; expires_in: number };
    this.token = { value: b.access_token, expires: Date.now() + b.expires_in * 1000 };
    return b.access_token;
  }

  private async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    try {
      return await this.fetch(new URL(path.replace(/^\//, ''), `${this.o.baseUrl.replace(/\/$/, '')}/`), {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw new PspUnavailable(`${method} ${path}: ${(err as Error).message}`);
    }
  }

  private async call(method: string, path: string, body?: unknown): Promise<Response> {
    let res = await this.send(method, path, body, { authorization: `Bearer ${await this.accessToken()}` });
    if (res.status === 401) {
      this.token = null;
      res = await this.send(method, path, body, { authorization: `Bearer ${await this.accessToken()}` });
    }
    if (res.status >= 500) throw new PspUnavailable(`${method} ${path}: HTTP ${res.status}`);
    return res;
  }

  private toCharge(b: CobBody): Charge {
    return {
      txid: b.txid,
      status: b.status,
      amount: parseAmount(b.valor.original) ?? 0,
      brCode: b.pixCopiaECola ?? '',
      location: b.location ?? null,
      createdAt: b.calendario.criacao,
      expiresInSeconds: b.calendario.expiracao,
      payments: (b.pix ?? []).map((p) => {
        const doc = p.pagador?.cpf ?? p.pagador?.cnpj ?? p.gnExtras?.pagador?.cpf ?? p.gnExtras?.pagador?.cnpj;
        return {
          endToEndId: p.endToEndId,
          txid: p.txid ?? b.txid,
          amount: parseAmount(p.valor) ?? 0,
          paidAt: p.horario,
          payerDocument: doc ?? null,
        };
      }),
    };
  }

  async createCharge(c: Parameters<PixProvider['createCharge']>[0]): Promise<Charge> {
    const res = await this.call('PUT', `/cob/${c.txid}`, {
      calendario: { expiracao: c.expiresInSeconds },
      ...(c.payer ? { devedor: { cpf: c.payer.cpf, nome: c.payer.name } } : {}),
      valor: { original: formatAmount(c.amount) },
      chave: this.o.key,
      ...(c.description ? { solicitacaoPagador: c.description.slice(0, 140) } : {}),
    });
    if (res.status !== 201 && res.status !== 200) throw new PspUnavailable(`PUT /cob: HTTP ${res.status}`);
    return this.toCharge((await res.json()) as CobBody);
  }

  async getCharge(txid: string): Promise<Charge | null> {
    const res = await this.call('GET', `/cob/${txid}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new PspUnavailable(`GET /cob: HTTP ${res.status}`);
    return this.toCharge((await res.json()) as CobBody);
  }

  async cancelCharge(txid: string): Promise<void> {
    const res = await this.call('PATCH', `/cob/${txid}`, { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' });
    if (res.status !== 200 && res.status !== 404) throw new PspUnavailable(`PATCH /cob: HTTP ${res.status}`);
  }

  async refund(r: { endToEndId: string; refundId: string; amount: number; reason: string }): Promise<void> {
    const res = await this.call('PUT', `/pix/${r.endToEndId}/devolucao/${r.refundId}`, {
      valor: formatAmount(r.amount),
      descricao: r.reason.slice(0, 140),
    });
    if (res.status !== 201 && res.status !== 200) throw new PspUnavailable(`PUT devolucao: HTTP ${res.status}`);
  }

  async payout(p: Parameters<PixProvider['payout']>[0]): Promise<Payout> {
    const res = await this.call('PUT', `/v3/gn/pix/${p.id}`, {
      valor: formatAmount(p.amount),
      pagador: { chave: this.o.key },
      favorecido: { chave: p.key, ...(p.recipientCpf ? { cpf: p.recipientCpf } : {}) },
    });
    if (res.status === 400 || res.status === 422) {
      const b = (await res.json().catch(() => ({}))) as { type?: string; detail?: string };
      throw new InvalidPixKey(b.detail ?? b.type ?? 'invalid key');
    }
    if (res.status !== 201 && res.status !== 200) throw new PspUnavailable(`PUT payout: HTTP ${res.status}`);
    const b = (await res.json()) as PayoutBody;
    return { id: b.idEnvio, status: b.status, endToEndId: b.e2eId ?? null, reason: b.motivo ?? null };
  }

  async getPayout(id: string): Promise<Payout | null> {
    const res = await this.call('GET', `/v2/gn/pix/enviados/id-envio/${id}`);
    if (res.status === 404) return null;
    if (res.status !== 200) throw new PspUnavailable(`GET payout: HTTP ${res.status}`);
    const b = (await res.json()) as PayoutBody;
    return { id: b.idEnvio, status: b.status, endToEndId: b.e2eId ?? null, reason: b.motivo ?? null };
  }

  /**
   * DICT lookup, modelled on QI Tech's "Consultar chave Pix" (GET /pix_key/{pix_key}?document_number={cpf}: 200
   * with owner_name, owner_masked_document_number, owner_person_type and is_pix_key_owner, the PSP's yes/no for the
   * document sent; 404 when the key is not in the DICT). The standard API Pix has no lookup; this is the one place
   * where a PSP without it differs (hasKeyLookup = false and this is never called).
   */
  async keyOwner(o: { key: string; keyType: PixKeyType; document: string }): Promise<PixKeyOwner | null> {
    if (!this.hasKeyLookup) throw new Error('this PSP has no key lookup');
    const res = await this.call('GET', `/pix_key/${encodeURIComponent(o.key)}?document_number=${o.document}`);
    if (res.status === 404 || res.status === 400) return null;
    if (res.status !== 200) throw new PspUnavailable(`GET /pix_key: HTTP ${res.status}`);
    const b = (await res.json()) as PixKeyBody;
    return {
      key: b.pix_key,
      name: b.owner_name,
      maskedDocument: b.owner_masked_document_number,
      personType: b.owner_person_type,
      isOwner: typeof b.is_pix_key_owner === 'boolean' ? b.is_pix_key_owner : null,
      institution: b.financial_institution ?? null,
    };
  }

  async registerWebhook(url: string): Promise<void> {
    const res = await this.call('PUT', `/webhook/${encodeURIComponent(this.o.key)}`, { webhookUrl: url });
    if (res.status !== 200 && res.status !== 201 && res.status !== 204)
      throw new PspUnavailable(`PUT /webhook: HTTP ${res.status}`);
  }

  parseWebhook(body: unknown): WebhookAction[] {
    const list = (body as { pix?: unknown })?.pix;
    if (!Array.isArray(list)) return [];
    const out: WebhookAction[] = [];
    for (const p of list) {
      const e = p as { endToEndId?: unknown; txid?: unknown };
      if (
        typeof e.endToEndId === 'string' &&
        /^[A-Za-z0-9]{32}$/.test(e.endToEndId) &&
        typeof e.txid === 'string' &&
        /^[A-Za-z0-9]{26,35}$/.test(e.txid)
      )
        out.push({ action: 'payment_received', txid: e.txid, endToEndId: e.endToEndId });
    }
    return out;
  }
}
