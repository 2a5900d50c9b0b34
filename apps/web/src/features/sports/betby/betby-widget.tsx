import './locales/register';
import type { BetbyLaunch, BetbyWidgetConfig } from '@sorte/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { openDeposit } from '../../../shared/lib/deposit-modal';
import { http } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { Skeleton } from '../../../shared/ui/skeleton';
import { type BetbyInstance, loadRenderer, routePath } from './renderer';
import './betby.css';

export type BetbyWidgetProps = {
  /** 'sportsbook': the book under /sportsbook/*, its moves mirrored into the address; 'widgets': /widgetbetby. */
  variant?: 'sportsbook' | 'widgets';
};

type Launch = { token?: string; brand_id: string; theme_name: string | null; widget_url: string };

/** A player's launch (with the token), or a guest's widget config (without one). */
async function launch(loggedIn: boolean): Promise<Launch> {
  if (loggedIn) return http.post<BetbyLaunch>('/games/launch/sport');
  return http.get<BetbyWidgetConfig>('/betby/widget');
}

/**
 * Betby's sportsbook widget for a tenant with betby.active: asks our server for the player token, loads Betby's
 * renderer script and initialises it in this element, wired to the site (login and register open our modals,
 * recharge opens the deposit modal, the widget's route changes go into the address bar). When the script cannot
 * load (no network, Betby down) it shows a translated panel with a retry, never a blank page.
 */
export function BetbyWidget({ variant = 'sportsbook' }: BetbyWidgetProps) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const target = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  // Read by the widget's callbacks, which live as long as the widget: the latest values, not the first render's.
  const here = useRef({ navigate, location, locale, loggedIn });
  here.current = { navigate, location, locale, loggedIn };
  // The page the widget opens on: fixed when it starts (its own moves then update the address, not the other way).
  const [startPath] = useState(() => routePath(location.pathname) ?? '/');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's restart.
  useEffect(() => {
    let cancelled = false;
    let instance: BetbyInstance | null = null;
    setState('loading');
    const toLogin = () => {
      const { location: l, locale: lc } = here.current;
      here.current.navigate(`${localizePath('/login', lc)}?redirect=${encodeURIComponent(l.pathname + l.search)}`);
    };
    (async () => {
      try {
        const l = await launch(loggedIn);
        const Renderer = await loadRenderer(l.widget_url);
        if (cancelled || !target.current) return;
        target.current.replaceChildren();
        instance = new Renderer().initialize({
          brand_id: l.brand_id,
          ...(l.token ? { token: l.token } : {}),
          themeName: l.theme_name ?? undefined,
          lang: locale === 'en' ? 'en' : 'pt-br',
          target: target.current,
          url: variant === 'sportsbook' ? startPath : undefined,
          betSlipOffsetTop: 0,
          betslipZIndex: 60,
          onTokenExpired: async () => (await http.post<BetbyLaunch>('/games/launch/sport')).token,
          onLogin: toLogin,
          onRegister: () => here.current.navigate(localizePath('/register', here.current.locale)),
          // The deposit modal lives in the default layout's header; /widgetbetby (empty layout) sends to the wallet.
          onRecharge: () => {
            if (!here.current.loggedIn) toLogin();
            else if (variant === 'sportsbook') openDeposit();
            else here.current.navigate(localizePath('/account/wallet', here.current.locale));
          },
          onRouteChange: (route) => {
            if (variant !== 'sportsbook') return;
            const path = routePath(route);
            if (path === null) return;
            const next = localizePath(`/sportsbook${path === '/' ? '' : path}`, here.current.locale);
            // app/history-mirror.ts turns this into the router's own navigation.
            if (next !== window.location.pathname + window.location.search) window.history.pushState(null, '', next);
          },
        });
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      try {
        instance?.kill?.();
      } catch {
        // The third-party widget failing to tear down must not break leaving the page.
      }
    };
  }, [attempt, loggedIn, locale, variant, startPath]);

  return (
    <div className="betby" data-testid="betby-widget" data-state={state}>
      {state === 'loading' && (
        <div className="betby-loading" aria-busy="true">
          <span className="ui-visually-hidden">{t('betby.loading')}</span>
          <Skeleton variant="text" lines={6} height={36} />
        </div>
      )}
      {state === 'failed' && (
        <div className="betby-failed" role="alert">
          <h2>{t('betby.unavailable.title')}</h2>
          <p>{t('betby.unavailable.text')}</p>
          <Button onClick={() => setAttempt((a) => a + 1)}>{t('betby.unavailable.retry')}</Button>
        </div>
      )}
      <div ref={target} className="betby-target" hidden={state !== 'ready'} />
    </div>
  );
}
