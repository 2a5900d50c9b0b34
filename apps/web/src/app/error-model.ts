/** The pure rules behind the error page (spec section 2), kept apart from React for tests. */

export type ErrorCase = '401' | '404' | 'other';

export const DEFAULT_ERROR_STATUS = 404;

export function errorCase(status: number | undefined): ErrorCase {
  const s = status ?? DEFAULT_ERROR_STATUS;
  if (s === 401) return '401';
  if (s === 404) return '404';
  return 'other';
}

/** 'ERR-' + the status (or 000) + the last 6 digits of the timestamp, e.g. ERR-404123456. */
export function errorReference(status: number | undefined, now: number = Date.now()): string {
  const code = status ? String(status) : '000';
  return `ERR-${code}${String(Math.trunc(now)).slice(-6)}`;
}

/** One line from a pool; `random` is injectable so tests can pin the choice. */
export function pickJoke(pool: readonly string[], random: () => number = Math.random): string {
  if (pool.length === 0) return '';
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))]!;
}

/** Crawlers and link-preview fetchers: they are never shown the error page (the error is only reported). */
const BOT_PATTERN =
  /bot\b|crawler|spider|slurp|bingpreview|mediapartners|facebookexternalhit|facebot|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|skypeuripreview|linkedinbot|twitterbot|applebot|yandex|baiduspider|duckduckbot|googlebot|google-inspectiontool|petalbot|semrush|ahrefs/i;

export function isBot(userAgent: string | undefined): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent);
}
