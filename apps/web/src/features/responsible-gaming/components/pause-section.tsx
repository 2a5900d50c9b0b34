import { PAUSE_PERIODS, type RgPause } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { toast } from '../../../shared/ui/toast-store';
import { RG_KEY } from '../api/keys';
import { type PausePeriod, startPause } from '../api/pause';
import { formatWhen } from '../lib';
import { AckConfirm } from './ack-confirm';
import { ChoiceChips } from './choice-chips';

const HOURS: Record<PausePeriod, number> = { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/** A short cool-off (24 h, 7 or 30 days) that cannot be undone: bets and deposits stop, withdrawals do not. */
export function PauseSection({ active }: { active: RgPause | null }) {
  const t = useT();
  const qc = useQueryClient();
  const [period, setPeriod] = useState<PausePeriod>('24h');
  const [asking, setAsking] = useState(false);
  const until = new Date(Date.now() + HOURS[period] * 3600_000).toISOString();

  const start = async () => {
    const { pause } = await startPause(period);
    setAsking(false);
    toast.success(t('rg.pause.done', { until: formatWhen(pause.end_at) }));
    void qc.invalidateQueries({ queryKey: RG_KEY });
  };

  return (
    <div className="rg-stack">
      <p className="rg-lead">{t('rg.pause.intro')}</p>
      {active && (
        <p className="rg-banner rg-banner--info" data-testid="rg-pause-active">
          {t('rg.pause.done', { until: formatWhen(active.end_at) })}
        </p>
      )}
      <ChoiceChips<PausePeriod>
        name="rg-pause"
        label={t('rg.pause.choose')}
        value={period}
        onChange={setPeriod}
        choices={PAUSE_PERIODS.map((p) => ({ value: p, label: t(`rg.pause.periods.${p}`) }))}
      />
      <div>
        <Button color="warning" onClick={() => setAsking(true)} data-testid="rg-pause-open">
          {t('rg.pause.submit')}
        </Button>
      </div>
      <AckConfirm
        open={asking}
        title={t('rg.pause.confirmTitle', { period: t(`rg.pause.periods.${period}`) })}
        text={t('rg.pause.confirmText', { until: formatWhen(until) })}
        ack={t('rg.pause.ack')}
        confirmLabel={t('rg.pause.confirm')}
        onConfirm={start}
        onClose={() => setAsking(false)}
        testId="rg-pause-confirm"
      />
    </div>
  );
}
