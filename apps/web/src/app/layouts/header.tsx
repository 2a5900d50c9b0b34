import { HeaderAccount } from '../../features/auth/components/header-account';
import { HeaderBalance } from '../../features/wallet/components/header-balance';
import { useColorMode } from '../../shared/lib/color-mode';
import { useLocale, useT } from '../../shared/lib/i18n';
import { useSiteConfig } from '../../shared/lib/site-config';
import { sidePanels } from '../../shared/ui/side-panel';
import { IconAuto, IconClose, IconGlobe, IconMenu, IconMoon, IconSun } from '../icons';
import { RealtimeButtons } from '../realtime-mount';
import { Logo } from './logo';
import { useSideMenu } from './side-menu-store';

export function Header() {
  const t = useT();
  const config = useSiteConfig();
  const menuOpen = useSideMenu((s) => s.open);
  const toggleMenu = useSideMenu((s) => s.toggle);

  return (
    <header className="app-header">
      <button
        type="button"
        className="app-header__icon-btn app-header__menu"
        onClick={toggleMenu}
        aria-label={menuOpen ? t('app.header.closeMenu') : t('app.header.menu')}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
      >
        {menuOpen ? <IconClose size={22} /> : <IconMenu size={22} />}
      </button>
      <Logo place="header" label={t('app.header.home', { name: config.site.name })} />
      <div className="app-header__spacer" />
      <div className="app-header__tools">
        <LanguageButton />
        <ColorModeButton />
      </div>
      <RealtimeButtons />
      <HeaderAccount balance={<HeaderBalance />} />
    </header>
  );
}

export function LanguageButton({ withLabel = false }: { withLabel?: boolean }) {
  const t = useT();
  const locale = useLocale();
  const language = t(`common.languages.${locale}`);
  return (
    <button
      type="button"
      className={`app-header__icon-btn ${withLabel ? 'app-header__icon-btn--wide' : ''}`}
      onClick={() => sidePanels.open('language')}
      aria-label={t('app.header.language', { language })}
      aria-haspopup="dialog"
    >
      <IconGlobe size={20} />
      <span className="app-header__lang-code">{withLabel ? language : locale.toUpperCase()}</span>
    </button>
  );
}

export function ColorModeButton({ withLabel = false }: { withLabel?: boolean }) {
  const t = useT();
  const preference = useColorMode((s) => s.preference);
  const forced = useColorMode((s) => s.forced);
  const cycle = useColorMode((s) => s.cycle);
  const label = t(`app.colorMode.${preference}`);
  const icon =
    preference === 'light' ? (
      <IconSun size={20} />
    ) : preference === 'dark' ? (
      <IconMoon size={20} />
    ) : (
      <IconAuto size={20} />
    );
  return (
    <button
      type="button"
      className={`app-header__icon-btn ${withLabel ? 'app-header__icon-btn--wide' : ''}`}
      onClick={cycle}
      disabled={forced !== null}
      aria-label={t('app.header.colorMode', { mode: label })}
      title={t('app.header.colorMode', { mode: label })}
    >
      {icon}
      {withLabel && <span className="app-header__lang-code">{label}</span>}
    </button>
  );
}
