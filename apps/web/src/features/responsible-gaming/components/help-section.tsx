import type { RgInfoReply } from '@sorte/contracts';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { hostOf } from '../lib';

/** Where to find help: CVV (emotional support, 188), the national self-exclusion platform, the policy page. */
export function HelpSection({ info }: { info: RgInfoReply | undefined }) {
  const t = useT();
  const locale = useLocale();
  const phone = info?.help.cvv_phone ?? '188';
  return (
    <div className="rg-stack">
      <p className="rg-lead">{t('rg.help.intro')}</p>
      <ul className="rg-help">
        <li>
          <strong>{t('rg.help.cvv')}</strong>
          <span>{t('rg.help.cvvText', { phone })}</span>
          <span className="rg-help__links">
            <a href={`tel:${phone.replace(/\D/g, '')}`}>{t('rg.help.call', { phone })}</a>
            {info && (
              <a href={info.help.cvv_url} target="_blank" rel="noopener noreferrer">
                {t('rg.help.site')} ↗
              </a>
            )}
          </span>
        </li>
        {info && (
          <li>
            <strong>{t('rg.help.national')}</strong>
            <span>{t('rg.help.nationalText')}</span>
            <span className="rg-help__links">
              <a href={info.national_platform_url} target="_blank" rel="noopener noreferrer">
                {hostOf(info.national_platform_url)} ↗
              </a>
            </span>
          </li>
        )}
        <li>
          <span className="rg-help__links">
            <Link to={localizePath('/responsible-gaming', locale)}>{t('rg.help.page')}</Link>
          </span>
        </li>
      </ul>
    </div>
  );
}
