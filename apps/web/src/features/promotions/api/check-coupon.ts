import type { CheckCouponReply, Coupon, CouponBody } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

export type CheckedCoupon = Coupon;

/** POST /bonuses/check-coupon {coupon}: what a code gives, or a 422 with the reason in the player's language. */
export const checkCoupon = async (code: string): Promise<Coupon> =>
  (await http.post<CheckCouponReply>('/bonuses/check-coupon', { coupon: code } satisfies CouponBody)).coupon;
