import type { RgSessionFigures } from '@sorte/contracts';
import { useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { cx } from '../../../shared/ui/cx';
import { formatMinutes, sessionMinutes } from '../lib';

/** Time played, amount wagered and net result of a session (the reality check's three figures), plus the bets. */
export function SessionFigures({ session, compact }: { session: RgSessionFigures; compact?: boolean }) {
  const t = useT();
  const net = session.net;
  return (
    <dl className={cx('rg-figures', compact && 'rg-figures--compact')} data-testid="rg-session-figures">
      <div>
        <dt>{t('rg.figures.time')}</dt>
        <dd data-testid="rg-figure-time">{formatMinutes(t, sessionMinutes(session))}</dd>
      </div>
      <div>
        <dt>{t('rg.figures.wagered')}</dt>
        <dd data-testid="rg-figure-wagered">{formatMoney(session.wagered)}</dd>
      </div>
      <div>
        <dt>{t('rg.figures.net')}</dt>
        <dd data-testid="rg-figure-net" className={cx(net > 0 && 'rg-figures__up', net < 0 && 'rg-figures__down')}>
          {net > 0 ? '+' : net < 0 ? '−' : ''}
          {formatMoney(Math.abs(net))}
        </dd>
      </div>
      {!compact && (
        <div>
          <dt>{t('rg.figures.bets')}</dt>
          <dd>{session.bets}</dd>
        </div>
      )}
    </dl>
  );
}
