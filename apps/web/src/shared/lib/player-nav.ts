import { openDeposit } from './deposit-modal';
import { isLivePath } from './live-routes';
import type { PublicSiteConfig } from './site-config';

/**
 * The places a player expects to reach from both the account menu and the side menu: wallet, deposit, withdraw,
 * bet history, bonuses, responsible gaming, support and Sorte Originals. One list, so the two menus never disagree; an entry
 * whose page is not built yet is left out (see live-routes.ts). Labels are `app.nav.<key>`.
 */
export type NavEntry = {
  key: 'originals' | 'wallet' | 'deposit' | 'withdraw' | 'history' | 'bonus' | 'responsible' | 'support';
  /** A plain path (the locale prefix is added where it is drawn), or an action. */
  to?: string;
  action?: () => void;
};

type JivoWindow = Window & { jivo_api?: { open: () => void } };

/** Where support is: the tenant's live chat (Jivo loads for logged-in players only), else its help page. */
export const SUPPORT_PAGE = '/pages/faq';

export function supportEntry(config: Pick<PublicSiteConfig, 'jivoChat'>, loggedIn: boolean): NavEntry {
  const jivo = typeof window === 'undefined' ? undefined : (window as JivoWindow).jivo_api;
  if (config.jivoChat && loggedIn && jivo) return { key: 'support', action: () => jivo.open() };
  return { key: 'support', to: SUPPORT_PAGE };
}

/** The player's entries in menu order; a guest gets the ones that need no account. */
export function playerEntries(config: Pick<PublicSiteConfig, 'jivoChat'>, loggedIn: boolean): NavEntry[] {
  const entries: NavEntry[] = loggedIn
    ? [
        { key: 'wallet', to: '/account/wallet' },
        { key: 'deposit', action: openDeposit },
        { key: 'withdraw', to: '/account/wallet?tab=withdraw' },
        { key: 'history', to: '/user/edit/history-casino' },
        { key: 'bonus', to: '/bonus' },
        { key: 'originals', to: '/originals' },
        // The player's own limits, pauses and self-exclusion; a guest reads the policy page.
        { key: 'responsible', to: '/responsible-gambling' },
        supportEntry(config, loggedIn),
      ]
    : [
        { key: 'originals', to: '/originals' },
        { key: 'responsible', to: '/responsible-gaming' },
        supportEntry(config, loggedIn),
      ];
  return entries.filter((e) => !e.to || isLivePath(e.to));
}
