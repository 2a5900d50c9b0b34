import { useLocation } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { Button } from '../../../shared/ui/button';

/**
 * What a guest sees on /bonus and /promo-codes: the place is the player's own, so log in or sign up (the login modal
 * brings them back here), or read the public offers meanwhile.
 */
export function LoginPrompt() {
  const t = useT();
  const locale = useLocale();
  const location = useLocation();
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <section className="ui-panel pr-empty" data-testid="promo-login">
      <h2 className="ui-panel__title">{t('promo.common.loginTitle')}</h2>
      <p className="pr-muted">{t('promo.common.loginText')}</p>
      <div className="pr-failed">
        <Button to={`${localizePath('/login', locale)}?redirect=${back}`}>{t('promo.common.login')}</Button>
        <Button to={`${localizePath('/register', locale)}?redirect=${back}`} variant="outline" color="default">
          {t('promo.common.register')}
        </Button>
        {isLivePath('/promotion') && (
          <Button to={localizePath('/promotion', locale)} variant="pastel" color="default">
            {t('promo.common.seeOffers')}
          </Button>
        )}
      </div>
    </section>
  );
}
