import type { CashbackClaimBody, CashbackClaimReply } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /bonuses/cashback/claim {cashback_id}: credits the entry's next open claim to the cash balance, once. */
export const claimCashback = (cashbackId: number) =>
  http.post<CashbackClaimReply>('/bonuses/cashback/claim', { cashback_id: cashbackId } satisfies CashbackClaimBody);
