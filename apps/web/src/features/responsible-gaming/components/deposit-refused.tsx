import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { closeDeposit } from '../../../shared/lib/deposit-modal';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { rgKeys } from '../api/keys';
import '../locales/register';
import '../rg.css';

const LIMIT_CODES = new Set(['limit_deposit', 'limit_loss', 'limit_wager', 'limit_time', 'rg_paused']);

/**
 * Under a refused deposit: a limit or a pause links to the page where the player sees it; "limits required" reads
 * the limits again, so the deposit gate asks for them.
 */
export default function DepositRefused({ code }: { code: string }) {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  useEffect(() => {
    if (code === 'rg_limits_required') void qc.invalidateQueries({ queryKey: rgKeys.limits });
  }, [code, qc]);
  if (!LIMIT_CODES.has(code)) return null;
  return (
    <Link
      to={localizePath('/responsible-gambling#limits', locale)}
      onClick={closeDeposit}
      className="rg-refused-link"
      data-testid="rg-limit-link"
    >
      {t('rg.refusal.link')} →
    </Link>
  );
}
