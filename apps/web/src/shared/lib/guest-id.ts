import { STORAGE_KEYS, storage } from './storage';

function uuid(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  // randomUUID needs a secure context; plain-HTTP LAN hosts still have getRandomValues.
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The visitor's guest id ("guest-<uuid>"), created once and kept in localStorage `guest_id`. */
export function getGuestId(): string {
  const existing = storage.get(STORAGE_KEYS.guestId);
  if (existing?.startsWith('guest-')) return existing;
  const id = `guest-${uuid()}`;
  storage.set(STORAGE_KEYS.guestId, id);
  return id;
}
