import { type RgInfoReply, SELF_EXCLUSION_PERIODS } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { Button } from '../../../shared/ui/button';
import { type SelfExclusionPeriod, selfExclude } from '../api/self-exclude';
import { formatWhen } from '../lib';
import { endLocalSession } from '../store';
import { AckConfirm } from './ack-confirm';
import { ChoiceChips } from './choice-chips';

const DAYS: Record<Exclude<SelfExclusionPeriod, 'indefinite'>, number> = {
  '30d': 30,
  '90d': 90,
  '180d': 180,
  '365d': 365,
};

/** Both kinds of self-exclusion: this operator's (fixed periods or indefinite) and the national platform's. */
export function ExclusionSection({ info }: { info: RgInfoReply | undefined }) {
  const t = useT();
  const qc = useQueryClient();
  const periods = (info?.self_exclusion_periods ?? SELF_EXCLUSION_PERIODS) as readonly SelfExclusionPeriod[];
  const [period, setPeriod] = useState<SelfExclusionPeriod>('30d');
  const [asking, setAsking] = useState(false);
  const label = t(`rg.exclusion.periods.${period}`);
  const until = period === 'indefinite' ? null : new Date(Date.now() + DAYS[period] * 24 * 3600_000).toISOString();

  const exclude = async () => {
    const reply = await selfExclude(period);
    setAsking(false);
    endLocalSession(qc, { type: 'excluded', exclusion: reply.self_exclusion, settlement: reply.settlement });
  };

  return (
    <div className="rg-exclusion">
      <section className="rg-sub" aria-labelledby="rg-excl-operator">
        <h3 id="rg-excl-operator">{t('rg.exclusion.operatorTitle')}</h3>
        <p className="rg-lead">{t('rg.exclusion.operatorText')}</p>
        <ChoiceChips<SelfExclusionPeriod>
          name="rg-exclusion"
          label={t('rg.exclusion.choose')}
          value={period}
          onChange={setPeriod}
          choices={periods.map((p) => ({ value: p, label: t(`rg.exclusion.periods.${p}`) }))}
        />
        <div>
          <Button color="danger" onClick={() => setAsking(true)} data-testid="rg-exclude-open">
            {t('rg.exclusion.submit')}
          </Button>
        </div>
      </section>
      <section className="rg-sub rg-sub--national" aria-labelledby="rg-excl-national">
        <h3 id="rg-excl-national">{t('rg.exclusion.nationalTitle')}</h3>
        <p className="rg-lead">{t('rg.exclusion.nationalText')}</p>
        {info && (
          <div>
            <Button
              href={info.national_platform_url}
              target="_blank"
              rel="noopener noreferrer"
              variant="outline"
              color="default"
              className="rg-wrap-btn"
              data-testid="rg-national-link"
            >
              {`${t('rg.exclusion.nationalLink')}\u00a0↗`}
            </Button>
          </div>
        )}
      </section>
      <AckConfirm
        open={asking}
        title={t('rg.exclusion.confirmTitle', { period: label })}
        text={
          until ? t('rg.exclusion.confirmText', { until: formatWhen(until) }) : t('rg.exclusion.confirmTextIndefinite')
        }
        ack={t('rg.exclusion.ack')}
        confirmLabel={t('rg.exclusion.confirm')}
        onConfirm={exclude}
        onClose={() => setAsking(false)}
        testId="rg-exclude-confirm"
      />
    </div>
  );
}
