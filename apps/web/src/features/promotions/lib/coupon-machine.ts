/**
 * The coupon field's client rules (spec sections 4, 5 and 8): a code is unverified, loading, valid or invalid; an empty
 * code is ignored (no call); a code already verified is reused without a new call; clearing the field resets it to
 * invalid; a failed check marks it invalid and passes the server's reason on. Codes are case-insensitive, so
 * " bemvindo" and "BEMVINDO" are one code, one call.
 */

export type CouponStatus = 'unverified' | 'loading' | 'valid' | 'invalid';

export type CouponState<C> = {
  status: CouponStatus;
  /** The code as it will be sent (trimmed, upper case); '' when the field is empty. */
  code: string;
  /** What the server said of a valid code. */
  coupon: C | null;
  /** The reason a code is invalid, in the player's language; null when there is none to show (an empty field). */
  error: string | null;
};

/** One check call: resolves with the server's coupon, or rejects with the reason to show. */
export type CheckFn<C> = (code: string) => Promise<C>;

export const normalizeCode = (text: string): string => text.trim().toUpperCase();

const INITIAL = { status: 'unverified', code: '', coupon: null, error: null } as const;

/**
 * Verified coupons shared by every coupon field of the page (the /bonus field, /promo-codes, the deposit modal), so a
 * code checked on one is not asked again by the next. Only valid answers are kept: a refusal may not hold later (the
 * player becomes eligible after a deposit), and a redeemed code is dropped with `forget`.
 */
export function createCouponCache<C>() {
  const entries = new Map<string, C>();
  return {
    get: (code: string) => entries.get(code),
    set: (code: string, coupon: C) => entries.set(code, coupon),
    forget: (code: string) => entries.delete(normalizeCode(code)),
    clear: () => entries.clear(),
  };
}

export type CouponCache<C> = ReturnType<typeof createCouponCache<C>>;

/** A coupon field's state and its transitions; `subscribe` feeds React's useSyncExternalStore. */
export function createCouponMachine<C>(check: CheckFn<C>, cache: CouponCache<C>, reason: (err: unknown) => string) {
  let state: CouponState<C> = INITIAL;
  // The check under way, so a second check of the same code waits for its answer instead of asking again.
  let inFlight: { code: string; done: Promise<CouponState<C>> } | null = null;
  const listeners = new Set<() => void>();
  const set = (next: CouponState<C>) => {
    state = next;
    for (const l of listeners) l();
  };

  return {
    getState: (): CouponState<C> => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** The player typed: a new code is unverified until checked; an emptied field is invalid (nothing to apply). */
    input(text: string): void {
      const code = normalizeCode(text);
      if (code === state.code && text.trim() !== '') return;
      if (code) set({ status: 'unverified', code, coupon: null, error: null });
      else set({ status: 'invalid', code: '', coupon: null, error: null });
    },

    /** Clearing the field (its × or after a redeem): back to invalid with no code. */
    clear(): void {
      set({ status: 'invalid', code: '', coupon: null, error: null });
    },

    /**
     * Checks the code (`text` when given, else the field's): empty is ignored, a verified code answers from the cache,
     * a code already valid or being checked is not asked again. Resolves with the state the check ended in.
     */
    async check(text?: string): Promise<CouponState<C>> {
      const code = normalizeCode(text ?? state.code);
      if (!code) return state;
      if (code === state.code && state.status === 'valid') return state;
      if (code === state.code && state.status === 'loading' && inFlight?.code === code) return inFlight.done;
      const known = cache.get(code);
      if (known !== undefined) {
        set({ status: 'valid', code, coupon: known, error: null });
        return state;
      }
      set({ status: 'loading', code, coupon: null, error: null });
      const done = (async (): Promise<CouponState<C>> => {
        try {
          const coupon = await check(code);
          cache.set(code, coupon);
          // The player may have typed another code meanwhile: that one's state wins.
          if (state.code === code) set({ status: 'valid', code, coupon, error: null });
        } catch (err) {
          if (state.code === code) set({ status: 'invalid', code, coupon: null, error: reason(err) });
        }
        return state;
      })();
      inFlight = { code, done };
      return done;
    },
  };
}

export type CouponMachine<C> = ReturnType<typeof createCouponMachine<C>>;
