import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { formatMultiplier } from '../../../shared/lib/numbers';
import { useBets } from '../api/bets';
import type { GameCode, HistoryBet } from '../api/types';
import { verifyQuery } from '../lib/verify-link';

/**
 * The player's latest bets of a game (or all), each with a link to recompute it once its seed is revealed.
 * `demoRows`: the demo's bets (this tab only) instead of the real history, which is then not fetched.
 */
export function HistoryTable({ game, demoRows }: { game?: GameCode; demoRows?: HistoryBet[] }) {
  const t = useT();
  const locale = useLocale();
  const bets = useBets(game, !demoRows);
  const rows = demoRows ? demoRows.filter((b) => !game || b.game === game) : (bets.data?.data ?? []);
  const note = demoRows ? <p className="og-muted og-demo-note">{t('originals.demo.historyNote')}</p> : null;
  if (!demoRows && bets.isLoading) return <p className="og-muted">…</p>;
  if (rows.length === 0)
    return (
      <>
        {note}
        <p className="og-muted">{t('originals.history.empty')}</p>
      </>
    );
  return (
    <div
      className={`og-history ${demoRows ? 'og-history--demo' : ''}`}
      data-testid={demoRows ? 'og-demo-history' : 'og-history'}
    >
      {note}
      <table>
        <thead>
          <tr>
            {!game ? <th>{t('originals.history.game')}</th> : null}
            <th>{t('originals.history.amount')}</th>
            <th>{t('originals.history.multiplier')}</th>
            <th>{t('originals.history.payout')}</th>
            <th className="og-hide-sm">{t('originals.history.date')}</th>
            <th>{t('originals.history.nonce')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.id} className={b.win ? 'is-win' : ''}>
              {!game ? <td>{t(`originals.games.${b.game}.name`)}</td> : null}
              <td>{formatMoney(b.amount)}</td>
              <td>
                {b.status === 'open' ? t('originals.history.open') : formatMultiplier(b.multiplier, { max: 4 }, locale)}
              </td>
              <td className="og-payout">{formatMoney(b.payout)}</td>
              <td className="og-hide-sm">{formatDateTime(b.created_at)}</td>
              <td>{b.fairness.nonce}</td>
              <td>
                {b.fairness.server_seed ? (
                  <Link className="og-link" to={`${localizePath('/fairness', locale)}?${verifyQuery(b)}`}>
                    {t('originals.history.verify')}
                  </Link>
                ) : (
                  <span className="og-muted" title={t('originals.history.rotateToVerify')}>
                    <svg width="14" height="14" viewBox="0 0 24 24" aria-label={t('originals.history.rotateToVerify')}>
                      <rect x="5" y="11" width="14" height="10" rx="2" fill="currentColor" />
                      <path d="M8 11V8a4 4 0 0 1 8 0v3" stroke="currentColor" strokeWidth="2" fill="none" />
                    </svg>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
