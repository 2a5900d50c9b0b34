import { NavLink } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';

const ITEMS = [
  { key: 'games', to: '/casino/games' },
  { key: 'providers', to: '/casino/providers' },
  { key: 'recent', to: '/casino/recent' },
  { key: 'favorites', to: '/casino/favorites' },
];

/** The casino's section tabs (the same entries as the side menu). */
export function CasinoNav() {
  const t = useT();
  const locale = useLocale();
  return (
    <nav className="casino-nav" aria-label={t('casino.lobby.title')}>
      {ITEMS.map((i) => (
        <NavLink key={i.key} to={localizePath(i.to, locale)} className="casino-nav__item">
          {t(`casino.nav.${i.key}`)}
        </NavLink>
      ))}
    </nav>
  );
}
