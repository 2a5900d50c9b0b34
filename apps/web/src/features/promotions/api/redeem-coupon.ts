import type { CouponBody, RedeemReply } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /bonuses/redeem {coupon}: grants a no-deposit or free-spins coupon's bonus at once (a repeat answers it again). */
export const redeemCoupon = (code: string) =>
  http.post<RedeemReply>('/bonuses/redeem', { coupon: code } satisfies CouponBody);
