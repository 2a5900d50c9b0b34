import { splitLocale } from '@sorte/contracts';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { openMissionsPanel } from '../../features/missions/store';
import { useLocale, useT } from '../../shared/lib/i18n';
import { isLivePath, routeOf } from '../../shared/lib/live-routes';
import { localizePath } from '../../shared/lib/locale';
import { type NavEntry, playerEntries } from '../../shared/lib/player-nav';
import { useIsLoggedIn } from '../../shared/lib/session';
import { type PublicSiteConfig, sportsPath, useSiteConfig } from '../../shared/lib/site-config';
import {
  IconBall,
  IconBox,
  IconCards,
  IconClock,
  IconDice,
  IconGift,
  IconGrid,
  IconHeadset,
  IconList,
  IconPlus,
  IconShield,
  IconStar,
  IconTrophy,
  IconUpload,
  IconUsers,
  IconWallet,
} from '../icons';
import { prefetchRoute } from '../pages';
import { ColorModeButton, LanguageButton } from './header';
import { useSideMenu } from './side-menu-store';

type Entry = { key: string; label: string; to?: string; icon: ReactNode; onClick?: () => void };
type Section = { title: string; entries: Entry[] };

const NAV_ICONS: Record<NavEntry['key'], ReactNode> = {
  wallet: <IconWallet />,
  deposit: <IconPlus />,
  withdraw: <IconUpload />,
  history: <IconList />,
  bonus: <IconGift />,
  originals: <IconDice />,
  responsible: <IconShield />,
  support: <IconHeadset />,
};

/**
 * The side menu entries of spec section 2, plus the player's own places (wallet, deposit, withdraw, bet history,
 * responsible gaming, support, Sorte Originals). Sports and the mystery box only when the tenant has them, and no
 * entry whose page is not built yet: those come back with their feature (see shared/lib/live-routes.ts).
 */
export function menuSections(config: PublicSiteConfig, loggedIn: boolean): Section[] {
  const sports = sportsPath(config);
  const nav = new Map(playerEntries(config, loggedIn).map((e) => [e.key, e]));
  const fromNav = (...keys: NavEntry['key'][]): Entry[] =>
    keys.flatMap((key) => {
      const e = nav.get(key);
      return e ? [{ key, label: `app.nav.${key}`, to: e.to, onClick: e.action, icon: NAV_ICONS[key] }] : [];
    });
  const link = (key: string, to: string, icon: ReactNode): Entry => ({ key, label: `app.menu.${key}`, to, icon });
  const live = (entries: Entry[]) => entries.filter((e) => !e.to || isLivePath(e.to));
  const account = fromNav('wallet', 'deposit', 'withdraw', 'history', 'bonus');
  const play = live([
    link('casino', '/casino/games', <IconCards />),
    ...fromNav('originals'),
    ...(sports ? [link('sports', sports, <IconBall />)] : []),
    link('favorites', '/casino/favorites', <IconStar />),
    link('recent', '/casino/recent', <IconClock />),
    link('providers', '/casino/providers', <IconGrid />),
  ]);
  const rewards = live([
    link('promotions', '/promotion', <IconGift />),
    { key: 'missions', label: 'app.menu.missions', icon: <IconTrophy />, onClick: openMissionsPanel },
    link('referFriend', '/refers', <IconUsers />),
    link('ranking', '/ranking', <IconTrophy />),
    ...(config.hasBoxes ? [link('mysteryBox', '/casino/crates', <IconBox />)] : []),
  ]);
  const help = fromNav('responsible', 'support');
  return [
    { title: 'sectionAccount', entries: account },
    { title: 'sectionPlay', entries: play },
    { title: 'sectionRewards', entries: rewards },
    { title: 'sectionHelp', entries: help },
  ].filter((section) => section.entries.length > 0);
}

export function SideMenu() {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const open = useSideMenu((s) => s.open);
  const close = useSideMenu((s) => s.close);
  const current = splitLocale(pathname).path.toLowerCase();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is what closes the drawer
  useEffect(() => {
    close();
  }, [pathname, close]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, close]);

  const loggedIn = useIsLoggedIn();

  return (
    <>
      <div className={`side-menu__backdrop ${open ? 'is-open' : ''}`} onClick={close} aria-hidden="true" />
      <nav id="side-menu" className={`side-menu ${open ? 'is-open' : ''}`} aria-label={t('app.menu.label')}>
        <div className="side-menu__scroll">
          {menuSections(config, loggedIn).map((section) => (
            <div className="side-menu__section" key={section.title}>
              <p className="side-menu__heading">{t(`app.menu.${section.title}`)}</p>
              <ul>
                {section.entries.map((entry) => {
                  const label = t(entry.label);
                  const content = (
                    <>
                      <span className="side-menu__icon">{entry.icon}</span>
                      <span className="side-menu__label">{label}</span>
                    </>
                  );
                  if (!entry.to) {
                    return (
                      <li key={entry.key}>
                        <button
                          type="button"
                          className="side-menu__link"
                          onClick={() => {
                            close();
                            entry.onClick?.();
                          }}
                          title={label}
                        >
                          {content}
                        </button>
                      </li>
                    );
                  }
                  const active = current === entry.to.toLowerCase() || current.startsWith(`${entry.to.toLowerCase()}/`);
                  const route = routeOf(entry.to);
                  const prefetch = () => route && prefetchRoute(route.name);
                  return (
                    <li key={entry.key}>
                      <Link
                        to={localizePath(entry.to, locale)}
                        className={`side-menu__link ${active ? 'is-active' : ''}`}
                        aria-current={active ? 'page' : undefined}
                        title={label}
                        onMouseEnter={prefetch}
                        onFocus={prefetch}
                      >
                        {content}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </div>
        <div className="side-menu__tools">
          <LanguageButton withLabel />
          <ColorModeButton withLabel />
        </div>
      </nav>
    </>
  );
}
