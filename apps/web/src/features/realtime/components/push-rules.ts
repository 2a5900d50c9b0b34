import { storage } from '../../../shared/lib/storage';

/** Spec sections 4 and 9: prompt 1 s after start; not again for 5 days after a denial or 24 h after closing. */
export const PROMPT_DELAY_MS = 1_000;
export const DENIED_WAIT_MS = 5 * 24 * 60 * 60 * 1000;
export const CLOSED_WAIT_MS = 24 * 60 * 60 * 1000;
export const SW_READY_TIMEOUT_MS = 10_000;
export const SUBSCRIBE_TIMEOUT_MS = 2_000;
export const SUCCESS_CLOSE_MS = 2_000;

export const PUSH_KEYS = {
  permission: 'pushPermission',
  closedAt: 'pushModalClosedAtUser',
  deniedAt: 'pushNotificationDeniedAtUser',
} as const;

/** Per-user timestamps, stored as {"<userId>": epochMs}. */
function readMap(key: string): Record<string, number> {
  try {
    const v = JSON.parse(storage.get(key) ?? '{}');
    return v && typeof v === 'object' ? (v as Record<string, number>) : {};
  } catch {
    return {};
  }
}

export function stamp(key: string, userId: number, now = Date.now()): void {
  storage.set(key, JSON.stringify({ ...readMap(key), [userId]: now }));
}

/**
 * The player asked to enable notifications and the browser answered (or has not yet: a desktop browser's quiet
 * permission UI may never resolve). Asking counts as closing the prompt, so it stays away 24 h whatever the browser
 * does; a denial keeps it away 5 days, even if the player resets the site's permission in the browser meanwhile.
 */
export function recordPermissionAsked(userId: number, answer: NotificationPermission | 'pending', now = Date.now()) {
  stamp(PUSH_KEYS.closedAt, userId, now);
  if (answer === 'denied') stamp(PUSH_KEYS.deniedAt, userId, now);
}

export function shouldPrompt(o: {
  userId: number;
  permission: NotificationPermission;
  mobile: boolean;
  installed: boolean;
  now?: number;
}): boolean {
  const now = o.now ?? Date.now();
  if (o.permission !== 'default') return false;
  if (o.mobile && !o.installed) return false;
  const denied = readMap(PUSH_KEYS.deniedAt)[o.userId];
  if (denied && now - denied < DENIED_WAIT_MS) return false;
  const closed = readMap(PUSH_KEYS.closedAt)[o.userId];
  if (closed && now - closed < CLOSED_WAIT_MS) return false;
  return true;
}
