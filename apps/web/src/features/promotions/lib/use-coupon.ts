import { useState, useSyncExternalStore } from 'react';
import { type CheckedCoupon, checkCoupon } from '../api/check-coupon';
import { createCouponCache, createCouponMachine } from './coupon-machine';
import { errorText } from './errors';

/** Verified coupons of this page load, shared by every coupon field (see createCouponCache). */
export const couponCache = createCouponCache<CheckedCoupon>();

/** A coupon field's state and transitions (lib/coupon-machine.ts), one machine per field. */
export function useCoupon() {
  const [machine] = useState(() => createCouponMachine(checkCoupon, couponCache, errorText));
  const state = useSyncExternalStore(machine.subscribe, machine.getState, machine.getState);
  return { ...machine, state };
}

export type CouponField = ReturnType<typeof useCoupon>;
