import { splitLocale } from '@sorte/contracts';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLocale, useT } from '../../shared/lib/i18n';
import { localizePath } from '../../shared/lib/locale';
import { isLoggedIn } from '../../shared/lib/session';
import { type PublicSiteConfig, sportsPath, useSiteConfig } from '../../shared/lib/site-config';
import {
  IconBall,
  IconBox,
  IconCards,
  IconClock,
  IconCrown,
  IconGift,
  IconGrid,
  IconHeadset,
  IconNews,
  IconStar,
  IconTrophy,
  IconUsers,
} from '../icons';
import { prefetchRoute } from '../pages';
import { ColorModeButton, LanguageButton } from './header';
import { useSideMenu } from './side-menu-store';

type Entry = { key: string; to?: string; route?: string; icon: ReactNode; onClick?: () => void };
type Section = { title: string; entries: Entry[] };

type JivoWindow = Window & { jivo_api?: { open: () => void } };

/** The side menu entries of spec section 2; sports and the mystery box only when the tenant has them. */
export function menuSections(config: PublicSiteConfig, openSupport: (() => void) | null): Section[] {
  const sports = sportsPath(config);
  const play: Entry[] = [
    { key: 'casino', to: '/casino/games', route: 'casino-games', icon: <IconCards /> },
    ...(sports
      ? [{ key: 'sports', to: sports, route: sports === '/sports' ? 'sports' : 'sportsbook', icon: <IconBall /> }]
      : []),
    { key: 'favorites', to: '/casino/favorites', route: 'casino-favorites', icon: <IconStar /> },
    { key: 'recent', to: '/casino/recent', route: 'casino-recent', icon: <IconClock /> },
    { key: 'providers', to: '/casino/providers', route: 'casino-providers', icon: <IconGrid /> },
  ];
  const rewards: Entry[] = [
    { key: 'promotions', to: '/promotion', route: 'promotion', icon: <IconGift /> },
    { key: 'referFriend', to: '/refers', route: 'refers', icon: <IconUsers /> },
    { key: 'vip', to: '/user', route: 'user', icon: <IconCrown /> },
    { key: 'ranking', to: '/ranking', route: 'ranking', icon: <IconTrophy /> },
    ...(config.hasBoxes
      ? [{ key: 'mysteryBox', to: '/casino/crates', route: 'casino-crates', icon: <IconBox /> }]
      : []),
  ];
  const help: Entry[] = [
    // News is operator content: a page with the slug "news" published like any other /pages entry.
    { key: 'news', to: '/pages/news', route: 'page', icon: <IconNews /> },
    ...(openSupport ? [{ key: 'support', icon: <IconHeadset />, onClick: openSupport }] : []),
  ];
  return [
    { title: 'sectionPlay', entries: play },
    { title: 'sectionRewards', entries: rewards },
    { title: 'sectionHelp', entries: help },
  ];
}

export function SideMenu() {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
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

  // Live support is the tenant's Jivo chat, which loads for logged-in players only (spec section 6).
  const openSupport = config.jivoChat
    ? () => {
        const jivo = (window as JivoWindow).jivo_api;
        if (isLoggedIn() && jivo) jivo.open();
        else navigate(`${localizePath('/login', locale)}?redirect=${encodeURIComponent(pathname)}`);
      }
    : null;

  return (
    <>
      <div className={`side-menu__backdrop ${open ? 'is-open' : ''}`} onClick={close} aria-hidden="true" />
      <nav id="side-menu" className={`side-menu ${open ? 'is-open' : ''}`} aria-label={t('app.menu.label')}>
        <div className="side-menu__scroll">
          {menuSections(config, openSupport).map((section) => (
            <div className="side-menu__section" key={section.title}>
              <p className="side-menu__heading">{t(`app.menu.${section.title}`)}</p>
              <ul>
                {section.entries.map((entry) => {
                  const label = t(`app.menu.${entry.key}`);
                  const content = (
                    <>
                      <span className="side-menu__icon">{entry.icon}</span>
                      <span className="side-menu__label">{label}</span>
                    </>
                  );
                  if (!entry.to) {
                    return (
                      <li key={entry.key}>
                        <button type="button" className="side-menu__link" onClick={entry.onClick} title={label}>
                          {content}
                        </button>
                      </li>
                    );
                  }
                  const active = current === entry.to.toLowerCase() || current.startsWith(`${entry.to.toLowerCase()}/`);
                  const prefetch = () => entry.route && prefetchRoute(entry.route);
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
