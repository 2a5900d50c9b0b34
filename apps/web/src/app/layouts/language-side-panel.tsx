import { useLocation, useNavigate } from 'react-router';
import { useLocale, useLocaleStore, useT } from '../../shared/lib/i18n';
import { type Locale, saveLocaleCookie, switchLocalePath } from '../../shared/lib/locale';
import { LanguagePanel } from '../../shared/ui/language-panel';
import { SidePanel, sidePanels } from '../../shared/ui/side-panel';

/** The "language" side panel: the same page in the other language, remembered in the i18n_redirected cookie. */
export function LanguageSidePanel() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();

  const choose = (code: string) => {
    const next: Locale = code === 'en' ? 'en' : 'pt';
    sidePanels.close('language');
    if (next === locale) return;
    saveLocaleCookie(next);
    useLocaleStore.getState().setLocale(next);
    document.documentElement.lang = next === 'en' ? 'en' : 'pt-BR';
    navigate(switchLocalePath(location.pathname, location.search, location.hash, next));
  };

  return (
    <SidePanel name="language" side="right" width={360} title={t('app.language.title')}>
      <LanguagePanel value={locale} onChange={choose} label={t('app.language.label')} />
    </SidePanel>
  );
}
