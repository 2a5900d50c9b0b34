/*
 * Betby's renderer script (BTRenderer) as the widget uses it: loaded once per URL, and the options the widget is
 * initialised with. Betby's script is the only code here we do not own; nothing else of the page depends on it.
 */

export type BetbyRoute = string | { path?: string; url?: string } | null | undefined;

export type BetbyOptions = {
  brand_id: string;
  token?: string;
  themeName?: string;
  lang: 'pt-br' | 'en';
  target: HTMLElement;
  /** The widget's page to open first (a deep link under /sportsbook). */
  url?: string;
  onTokenExpired?: () => Promise<string>;
  onLogin?: () => void;
  onRegister?: () => void;
  onRecharge?: () => void;
  onRouteChange?: (route: BetbyRoute) => void;
  onSessionRefresh?: () => void;
  betSlipOffsetTop?: number;
  betslipZIndex?: number;
};

export type BetbyInstance = { kill?: () => void; updateOptions?: (o: Partial<BetbyOptions>) => void };
type BetbyRendererCtor = new () => { initialize(o: BetbyOptions): BetbyInstance };

declare global {
  interface Window {
    BTRenderer?: BetbyRendererCtor;
  }
}

/** How long the script may take before the page offers a retry (no network: it never arrives). */
export const SCRIPT_TIMEOUT_MS = 15_000;

const loading = new Map<string, Promise<BetbyRendererCtor>>();

/** Loads Betby's script from `url` (once; a failed load is forgotten so a retry loads it again). */
export function loadRenderer(url: string, timeoutMs = SCRIPT_TIMEOUT_MS): Promise<BetbyRendererCtor> {
  if (window.BTRenderer) return Promise.resolve(window.BTRenderer);
  let p = loading.get(url);
  if (p) return p;
  p = new Promise<BetbyRendererCtor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.betby = 'renderer';
    const fail = (why: string) => {
      clearTimeout(timer);
      script.remove();
      loading.delete(url);
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail('timeout'), timeoutMs);
    script.onload = () => {
      clearTimeout(timer);
      if (window.BTRenderer) resolve(window.BTRenderer);
      else fail('no BTRenderer');
    };
    script.onerror = () => fail('load error');
    document.head.appendChild(script);
  });
  loading.set(url, p);
  return p;
}

/** The path under /sportsbook a route change of the widget names ('/', '/football', ...). */
export function routePath(route: BetbyRoute): string | null {
  const raw = typeof route === 'string' ? route : (route?.path ?? route?.url ?? null);
  if (raw == null) return null;
  const path = String(raw).replace(/^https?:\/\/[^/]+/i, '');
  if (!/^[\w\-/.?=&%#~]*$/.test(path)) return null;
  const rest = path.replace(/^\/?(?:en\/)?(?:sportsbook)?\/?/i, '');
  return `/${rest}`;
}
