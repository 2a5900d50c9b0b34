import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { useRgInfo } from '../api/get-info';
import '../locales/register';

/** The footer's responsible-gaming items: the player's limits and exclusions page, the national platform. */
export default function FooterLinks() {
  const t = useT();
  const locale = useLocale();
  const info = useRgInfo().data;
  return (
    <>
      <li>
        <Link to={localizePath('/responsible-gambling', locale)}>{t('rg.footer.page')}</Link>
      </li>
      {info && (
        <li>
          <a href={info.national_platform_url} target="_blank" rel="noopener noreferrer" data-testid="footer-national">
            {t('rg.footer.national')} ↗
          </a>
        </li>
      )}
    </>
  );
}
