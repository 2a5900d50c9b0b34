import type { RgStatusReply } from '@sorte/contracts';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatWhen } from '../lib';

/** A stop on the account (pause, exclusion, closure, national list) and the national-list notice, at the top. */
export function StatusBanner({ status }: { status: RgStatusReply }) {
  const t = useT();
  const locale = useLocale();
  const r = status.restriction;
  const notice = status.national_notice;
  if (!r && !notice) return null;
  let text: string | null = null;
  if (r) {
    if (r.reason === 'pause' || r.reason === 'self_exclusion')
      text = r.until
        ? t(`rg.status.${r.reason}`, { until: formatWhen(r.until) })
        : t('rg.status.self_exclusionIndefinite');
    else text = t(`rg.status.${r.reason}`);
  }
  return (
    <div className="rg-status" role="status" data-testid="rg-status">
      {notice ? (
        <>
          <strong>{t('rg.status.nationalTitle')}</strong>
          {/* The server's notice names the withdrawal deadline and the closing date, word for word as recorded. */}
          <p>{notice.message}</p>
        </>
      ) : (
        <p>{text}</p>
      )}
      <Link to={localizePath('/account/wallet', locale)} className="rg-status__link">
        {t('rg.status.withdraw')}
      </Link>
    </div>
  );
}
