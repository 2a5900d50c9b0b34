import { regLicense, siteDescription } from '@sorte/contracts';
import { Link } from 'react-router';
import { useLocale, useT } from '../../shared/lib/i18n';
import { localizePath } from '../../shared/lib/locale';
import { useSiteConfig } from '../../shared/lib/site-config';
import { Slot } from '../../shared/lib/slots';
import { SocialIcon } from '../icons';
import { Logo } from './logo';

const LEGAL = [
  ['bettingTerms', '/betting-terms'],
  ['terms', '/terms'],
  ['privacy', '/privacy'],
  ['responsibleGaming', '/responsible-gaming'],
  ['aml', '/aml-policy'],
  ['compliance', '/em-conformidade-com-a-regulamentacao'],
] as const;

const SOCIAL_LABELS: Record<string, string> = {
  instagram: 'Instagram',
  telegram: 'Telegram',
  x: 'X',
  facebook: 'Facebook',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  whatsapp: 'WhatsApp',
};

export function Footer() {
  const t = useT();
  const locale = useLocale();
  const config = useSiteConfig();
  const social = Object.entries(config.social ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && /^https?:\/\//.test(entry[1]),
  );
  const alert = config.reg_alert?.[locale];
  const description = siteDescription(config.site, locale);
  const license = regLicense(config, locale);

  return (
    <footer className="app-footer">
      <div className="app-footer__top">
        <div className="app-footer__brand">
          <Logo place="footer" label={t('app.header.home', { name: config.site.name })} />
          {description && <p className="app-footer__desc">{description}</p>}
          {social.length > 0 && (
            <ul className="app-footer__social" aria-label={t('app.footer.social')}>
              {social.map(([name, url]) => (
                <li key={name}>
                  <a href={url} target="_blank" rel="noopener noreferrer" aria-label={SOCIAL_LABELS[name] ?? name}>
                    <SocialIcon name={name} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <nav className="app-footer__legal" aria-labelledby="footer-legal">
          <h2 id="footer-legal">{t('app.footer.legal')}</h2>
          <ul>
            {LEGAL.map(([key, path]) => (
              <li key={key}>
                <Link to={localizePath(path, locale)}>{t(`app.footer.${key}`)}</Link>
              </li>
            ))}
            <Slot name="footer.responsibleGaming" />
          </ul>
        </nav>
      </div>

      <div className="app-footer__notice">
        <span className="app-footer__age" aria-hidden="true">
          18+
        </span>
        <div>
          <p className="app-footer__notice-title">{t('app.footer.adultsOnly')}</p>
          <p>{alert || t('app.footer.adultsOnlyText')}</p>
        </div>
      </div>

      {(license || config.reg_phone) && (
        <div className="app-footer__license">
          {license && <p>{license}</p>}
          {config.reg_phone && <p>{t('app.footer.phone', { phone: config.reg_phone })}</p>}
        </div>
      )}

      <p className="app-footer__rights">
        {t('app.footer.rights', { year: new Date().getFullYear(), name: config.site.name })}
      </p>
    </footer>
  );
}
