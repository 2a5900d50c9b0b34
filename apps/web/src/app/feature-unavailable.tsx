import { useLocale, useT } from '../shared/lib/i18n';
import { buttonClassName } from '../shared/ui/button';
import { IconHome, IconSparkle } from './icons';
import type { PageProps } from './pages';
import { SmartLink } from './smart-link';
import './feature-unavailable.css';

/** The page for routes whose feature a later release brings: says so plainly, no placeholder data. */
export default function FeatureUnavailable({ route }: PageProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <section className="unavailable" aria-labelledby="unavailable-title">
      <div className="unavailable__icon" aria-hidden="true">
        <IconSparkle size={34} />
      </div>
      <p className="unavailable__eyebrow">{t('app.unavailable.eyebrow')}</p>
      <h1 className="unavailable__title" id="unavailable-title">
        {route.title[locale]}
      </h1>
      <p className="unavailable__text">{t('app.unavailable.text')}</p>
      <p className="unavailable__hint">{t('app.unavailable.hint')}</p>
      <SmartLink to="/" className={buttonClassName({ size: 'lg', rounded: 'lg' })}>
        <span className="ui-btn__content">
          <IconHome size={18} />
          <span>{t('app.unavailable.home')}</span>
        </span>
      </SmartLink>
    </section>
  );
}
