/**
 * localStorage that never throws: private modes, disabled storage and quota errors read as "nothing stored" so a
 * storage failure never blanks the site.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Storage full or blocked: the value lives for this page view only.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // ignore
    }
  },
};

/** The local storage keys of spec section 3. */
export const STORAGE_KEYS = {
  auth: 'auth',
  user: 'user',
  ref: 'ref',
  guestId: 'guest_id',
  lmcp: 'lmcp',
  colorMode: 'color-mode',
} as const;
