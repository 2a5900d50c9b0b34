import type { Locale, PublicSiteConfig } from '@sorte/contracts';
import enApp from '../locales/en/app';
import ptApp from '../locales/pt/app';

/** What the server puts in window.__SORTE__ (docs/web-server-contract.md). */
export type Boot =
  | { state: 'ready'; config: PublicSiteConfig; locale: Locale }
  | { state: 'maintenance'; locale: Locale; message?: string }
  | { state: 'not_found'; locale: Locale; infoUrl: string };

/** A start that failed for another reason: the error page is shown with this status. */
export type BootResult = Boot | { state: 'error'; locale: Locale; statusCode: number };

declare global {
  interface Window {
    __SORTE__?: Boot;
  }
}

/** Where a player on an unknown host learns which betting sites are authorised (used when the server gave none). */
export const DEFAULT_INFO_URL = 'https://www.gov.br/fazenda/pt-br/composicao/orgaos/secretaria-de-premios-e-apostas';

export function siteConfigUrl(base: string, hostname: string, now: number = Date.now()): string {
  const qs = new URLSearchParams({ domain: hostname, timestamp: String(now) });
  return `${base.replace(/\/+$/, '')}/site-config?${qs}`;
}

/** The server's standard maintenance text (title and text of the page, in each language). */
const STANDARD = new Set([ptApp, enApp].map((l) => `${l.preloader.maintenanceTitle} ${l.preloader.maintenanceText}`));

/** The operator's own maintenance message from a 402's body, or undefined for the standard text (shown as is). */
async function operatorMessage(res: Response): Promise<string | undefined> {
  const body = (await res.json().catch(() => null)) as { message?: unknown } | null;
  const m = typeof body?.message === 'string' ? body.message.trim() : '';
  return m && !STANDARD.has(m) ? m : undefined;
}

/** Maps a /site-config answer to a start state: 200 ready (or maintenance when inactive), 402 maintenance, 404 not found. */
export async function bootFromResponse(res: Response, locale: Locale, infoUrl = DEFAULT_INFO_URL): Promise<BootResult> {
  if (res.status === 402) return { state: 'maintenance', locale, message: await operatorMessage(res) };
  if (res.status === 404) return { state: 'not_found', locale, infoUrl };
  if (!res.ok) return { state: 'error', locale, statusCode: res.status };
  const config = (await res.json()) as PublicSiteConfig;
  if (!config.active) return { state: 'maintenance', locale };
  return { state: 'ready', config, locale };
}

export async function fetchBoot(o: { base: string; hostname: string; locale: Locale; signal?: AbortSignal }) {
  const res = await fetch(siteConfigUrl(o.base, o.hostname), {
    headers: { Accept: 'application/json', 'Accept-Language': o.locale === 'en' ? 'en' : 'pt-BR' },
    cache: 'no-store',
    signal: o.signal,
  });
  return bootFromResponse(res, o.locale);
}
