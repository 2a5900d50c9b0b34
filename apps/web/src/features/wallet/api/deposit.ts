import { http } from '../../../shared/lib/http';

/** POST /main-gateway/qrcode-pix. */
export type PixCharge = {
  status: true;
  txid: string;
  qrcode: string;
  qrcode_image: string;
  amount: number;
  expires_at: string;
  show: boolean;
};

export const createPix = (amount: number) => http.post<PixCharge>('/main-gateway/qrcode-pix', { amount });

export type PaymentStatus = 'paid' | 'waiting_payment' | 'pending' | 'refused' | 'refunded' | 'chargebacked';

/** POST /main-gateway/consult-status-transaction. */
export type ChargeStatus = {
  status: PaymentStatus;
  txid: string;
  amount: number;
  expired: boolean;
  balance: number;
  bonus: number;
};

export const consultPix = (txid: string, signal?: AbortSignal) =>
  http.post<ChargeStatus>('/main-gateway/consult-status-transaction', { txid }, { signal });
