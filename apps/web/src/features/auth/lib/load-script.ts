const pending = new Map<string, Promise<void>>();

/**
 * Loads a third-party script once (Google Identity, Turnstile). Rejects on a network error or after `timeoutMs`, so
 * the caller can hide the feature instead of waiting forever behind a blocker or a dead network.
 */
export function loadScript(src: string, timeoutMs = 10_000): Promise<void> {
  let p = pending.get(src);
  if (p) return p;
  p = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.defer = true;
    const timer = setTimeout(() => reject(new Error(`timeout loading ${src}`)), timeoutMs);
    el.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    el.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`failed to load ${src}`));
    };
    document.head.appendChild(el);
  });
  // A failed load may be retried later (the network came back).
  p.catch(() => pending.delete(src));
  pending.set(src, p);
  return p;
}
