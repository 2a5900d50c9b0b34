import type { BodyOf, ChargeStatusReply, PaymentStatus, PixChargeReply, walletCalls } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /main-gateway/qrcode-pix. */
export type PixCharge = PixChargeReply;

/** A valid coupon goes with the charge; its bonus is granted when the PIX is paid. */
export const createPix = (amount: number, coupon: string | null = null) =>
  http.post<PixCharge>('/main-gateway/qrcode-pix', {
    amount,
    ...(coupon ? { coupon } : {}),
  } satisfies BodyOf<typeof walletCalls.createPix>);

export type { PaymentStatus };

/** POST /main-gateway/consult-status-transaction. */
export type ChargeStatus = ChargeStatusReply;

export const consultPix = (txid: string, signal?: AbortSignal) =>
  http.post<ChargeStatus>(
    '/main-gateway/consult-status-transaction',
    { txid } satisfies BodyOf<typeof walletCalls.consultPix>,
    { signal },
  );
