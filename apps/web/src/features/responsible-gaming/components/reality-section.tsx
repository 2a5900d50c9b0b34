import { REALITY_CHECK_INTERVALS } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { toast } from '../../../shared/ui/toast-store';
import { type RealityCheckInterval, useRealityCheck } from '../api/get-reality-check';
import { useRgSession } from '../api/get-session';
import { rgKeys } from '../api/keys';
import { setRealityCheck } from '../api/set-reality-check';
import { errorText, formatClock } from '../lib';
import { ChoiceChips } from './choice-chips';
import { SessionFigures } from './session-figures';

/** The reminder interval (off, 15, 30, 60 minutes) and the figures of the session under way. */
export function RealitySection() {
  const t = useT();
  const qc = useQueryClient();
  const settings = useRealityCheck();
  const session = useRgSession(true);
  const [busy, setBusy] = useState(false);
  const interval = settings.data?.interval ?? null;

  const choose = async (next: RealityCheckInterval) => {
    if (next === interval) return;
    setBusy(true);
    try {
      const reply = await setRealityCheck(next);
      qc.setQueryData(rgKeys.realityCheck, reply);
      // The next reminder is counted from now: the host re-reads the session to schedule it.
      void qc.invalidateQueries({ queryKey: rgKeys.session });
      toast.success(reply.interval === null ? t('rg.reality.savedOff') : t('rg.reality.saved'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const s = session.data;
  return (
    <div className="rg-stack">
      <p className="rg-lead">{t('rg.reality.intro')}</p>
      <ChoiceChips<RealityCheckInterval>
        name="rg-interval"
        label={t('rg.sections.reality')}
        value={interval}
        disabled={busy || !settings.data}
        onChange={(v) => void choose(v)}
        choices={[
          { value: null, label: t('rg.reality.off') },
          ...REALITY_CHECK_INTERVALS.map((m) => ({ value: m, label: t('rg.reality.every', { minutes: m }) })),
        ]}
      />
      {s && (
        <div className="rg-session">
          <h3>{t('rg.reality.sessionTitle')}</h3>
          <SessionFigures session={s.session} />
          {s.reality_check.next_at && (
            <p className="rg-muted" data-testid="rg-next-reminder">
              {t('rg.reality.next', { at: formatClock(s.reality_check.next_at) })}
            </p>
          )}
          {s.time_limit && (
            <p className="rg-muted">{t('rg.reality.timeLeft', { at: formatClock(s.time_limit.ends_at) })}</p>
          )}
        </div>
      )}
    </div>
  );
}
