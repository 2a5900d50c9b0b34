import { beforeEach, describe, expect, it } from 'vitest';
import { CLOSED_WAIT_MS, DENIED_WAIT_MS, PUSH_KEYS, recordPermissionAsked, shouldPrompt, stamp } from './push-rules';

const mem = new Map<string, string>();
beforeEach(() => {
  mem.clear();
  Object.defineProperty(globalThis, 'localStorage', {
    configurable: true,
    value: {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => mem.set(k, v),
      removeItem: (k: string) => mem.delete(k),
    },
  });
});

describe('push prompt rules', () => {
  const base = {
    userId: 7,
    permission: 'default' as NotificationPermission,
    mobile: false,
    installed: false,
    now: 10 ** 12,
  };
  it('prompts on desktop with default permission, on mobile only when installed', () => {
    expect(shouldPrompt(base)).toBe(true);
    expect(shouldPrompt({ ...base, mobile: true })).toBe(false);
    expect(shouldPrompt({ ...base, mobile: true, installed: true })).toBe(true);
    expect(shouldPrompt({ ...base, permission: 'granted' })).toBe(false);
  });
  it('waits 5 days after a denial and 24 h after closing, per user', () => {
    stamp(PUSH_KEYS.deniedAt, 7, base.now);
    expect(shouldPrompt({ ...base, now: base.now + DENIED_WAIT_MS - 1 })).toBe(false);
    expect(shouldPrompt({ ...base, now: base.now + DENIED_WAIT_MS })).toBe(true);
    expect(shouldPrompt({ ...base, userId: 8 })).toBe(true);
    stamp(PUSH_KEYS.closedAt, 8, base.now);
    expect(shouldPrompt({ ...base, userId: 8, now: base.now + CLOSED_WAIT_MS - 1 })).toBe(false);
    expect(shouldPrompt({ ...base, userId: 8, now: base.now + CLOSED_WAIT_MS })).toBe(true);
  });
  it('asking the browser starts the 24 h wait, even when its answer never comes (a desktop quiet prompt)', () => {
    recordPermissionAsked(7, 'pending', base.now);
    expect(shouldPrompt({ ...base, now: base.now + 60_000 })).toBe(false);
    expect(shouldPrompt({ ...base, now: base.now + CLOSED_WAIT_MS - 1 })).toBe(false);
    expect(shouldPrompt({ ...base, now: base.now + CLOSED_WAIT_MS })).toBe(true);
  });
  it('a denial waits 5 days on desktop, even if the permission is reset to ask again meanwhile', () => {
    recordPermissionAsked(7, 'denied', base.now);
    expect(shouldPrompt({ ...base, now: base.now + CLOSED_WAIT_MS + 1 })).toBe(false);
    expect(shouldPrompt({ ...base, now: base.now + DENIED_WAIT_MS - 1 })).toBe(false);
    expect(shouldPrompt({ ...base, now: base.now + DENIED_WAIT_MS })).toBe(true);
  });
});
