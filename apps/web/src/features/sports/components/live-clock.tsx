import type { LiveState } from '@sorte/contracts';
import { useT } from '../../../shared/lib/i18n';

/** "AO VIVO 63'" or "Intervalo": where a live match is. */
export function LiveClock({ live }: { live: LiveState }) {
  const t = useT();
  const text =
    live.period === 'ht'
      ? t('sports.period.ht')
      : live.period === 'ft'
        ? t('sports.period.ft')
        : live.period === 'pre'
          ? t('sports.period.pre')
          : `${live.minute}'`;
  return (
    <span className="sp-clock" data-testid="sp-clock">
      <span className="sp-clock__dot" aria-hidden="true" />
      <span className="sp-clock__live">{t('sports.live')}</span> {text}
    </span>
  );
}
