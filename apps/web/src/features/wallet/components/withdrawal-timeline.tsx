import { useT } from '../../../shared/lib/i18n';
import { cx } from '../../../shared/ui/cx';
import { withdrawalSteps } from '../withdrawal-steps';

/** A withdrawal's way from request to payment (or where it stopped), with when it was requested. */
export function WithdrawalTimeline({ status, requestedAt }: { status: number | string; requestedAt: string }) {
  const t = useT();
  return (
    <ol className="wl-timeline" aria-label={t('wallet.timeline.label')} data-testid="withdrawal-timeline">
      {withdrawalSteps(status).map((step) => (
        <li
          key={step.key}
          className={cx('wl-timeline__step', `is-${step.state}`)}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="wl-timeline__dot" aria-hidden="true">
            {step.state === 'done' ? '✓' : step.state === 'stopped' ? '✕' : ''}
          </span>
          <span className="wl-timeline__text">
            <strong className="wl-timeline__title">{t(`wallet.timeline.${step.key}`)}</strong>
            <span className="wl-timeline__note">
              {step.key === 'requested' ? requestedAt : t(`wallet.timeline.${step.key}Text.${step.state}`)}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}
