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
