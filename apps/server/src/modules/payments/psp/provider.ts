import { formatAmount, parseAmount } from './brcode';

/** API Pix charge statuses (Banco Central). */
export type CobStatus = 'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export type PixPayment = {
  endToEndId: string;
  txid: string | null;
  /** Centavos actually received. */
  amount: number;
  paidAt: string;
  /**
   * The payer's CPF/CNPJ when the PSP exposes it (the standard Pix object does not; several PSPs add it). null =
   * unknown, which in regulated mode counts as "not the player's".
   */
  payerDocument: string | null;
};

export type Charge = {
  txid: string;
  status: CobStatus;
  amount: number;
  brCode: string;
  location: string | null;
  createdAt: string;
  expiresInSeconds: number;
  payments: PixPayment[];
};

export type PayoutStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';
export type Payout = { id: string; status: PayoutStatus; endToEndId: string | null; reason: string | null };

export type PixKeyType = 'cpf' | 'email' | 'phone' | 'evp';

/**
 * The owner of a PIX key as the DICT (Banco Central's key directory) knows it, through the PSP's key lookup. The
 * owner's CPF only ever comes masked ("***.456.789-**"); whether the key is the player's is the PSP's answer to
 * "is this key registered to this CPF?" (`isOwner`), never a guess from the mask.
 */
export type PixKeyOwner = {
  key: string;
  name: string;
  maskedDocument: string;
  personType: 'natural' | 'legal';
  /** The PSP's answer for the document sent with the lookup; null when it gave none. */
  isOwner: boolean | null;
  institution: string | null;
};

/** What a webhook means for us, after parsing. Only a hint: the charge is always re-read with getCharge. */
export type WebhookAction = { action: 'payment_received'; txid: string; endToEndId: string };

/** A PSP refused the payout's key (invalid or unknown): the funds go back to the player. */
export class InvalidPixKey extends Error {}

/** The PSP answered with an error the caller may retry (5xx, timeout, network). */
export class PspUnavailable extends Error {}

/**
 * A PIX payment service provider: the extension point for banks and PSPs. Implementations speak their PSP's
 * HTTP API; the built-in sandbox (sandbox.ts) is reached through the same `BcbPixProvider` a real bank is.
 *
 * Contract:
 * - createCharge is idempotent per txid (PUT /cob/{txid}); a repeat answers the existing charge.
 * - payout is idempotent per id (the PSP's idEnvio); throws InvalidPixKey when the key is refused for good.
 * - refund is idempotent per (endToEndId, refundId).
 * - Network failures and 5xx throw PspUnavailable; callers retry later. Nobody calls a PSP inside a SQL transaction.
 */
export abstract class PixProvider {
  abstract readonly id: string;
  abstract createCharge(o: {
    txid: string;
    amount: number;
    expiresInSeconds: number;
    payer?: { cpf: string; name: string } | null;
    description?: string;
  }): Promise<Charge>;
  abstract getCharge(txid: string): Promise<Charge | null>;
  abstract cancelCharge(txid: string): Promise<void>;
  abstract refund(o: { endToEndId: string; refundId: string; amount: number; reason: string }): Promise<void>;
  abstract payout(o: {
    id: string;
    amount: number;
    key: string;
    keyType: PixKeyType;
    recipientCpf: string | null;
  }): Promise<Payout>;
  abstract getPayout(id: string): Promise<Payout | null>;
  /** Whether this PSP offers a DICT key lookup (keyOwner). Without one, non-CPF keys cannot be proven the player's. */
  abstract readonly hasKeyLookup: boolean;
  /**
   * Looks a PIX key up in the DICT and asks whether it is registered to `document` (a CPF). null = the key is not in
   * the DICT. Throws PspUnavailable on network errors and 5xx, like every call.
   */
  abstract keyOwner(o: { key: string; keyType: PixKeyType; document: string }): Promise<PixKeyOwner | null>;
  abstract registerWebhook(url: string): Promise<void>;
  abstract parseWebhook(body: unknown): WebhookAction[];
}

type Fetch = typeof fetch;

type BcbOptions = {
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

/** PSP registry: identifier -> factory. Add a PSP by implementing PixProvider and registering it here. */
export const PSP_REGISTRY: Record<string, (o: BcbOptions) => PixProvider> = {
  bcb: (o) => new BcbPixProvider(o),
};
