import type { Mission } from '@sorte/contracts';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui/button';
import { figure, percent } from '../lib/format';

type Props = {
  mission: Mission;
  busy: boolean;
  onClaim: () => void;
  onAccept: () => void;
};

/** A mission's progress bar, its figures and reward, and the one action it allows now (claim, accept, log in). */
export function MissionProgress({ mission: m }: { mission: Mission }) {
  const t = useT();
  const locale = useLocale();
  const pct = percent(m);
  return (
    <div className="mw-progress">
      <div
        className="mw-bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-label={t('missions.progressLabel', { name: m.name })}
      >
        <span className="mw-bar__fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="mw-progress__text" data-testid="mission-progress">
        {t('missions.progress', { progress: figure(m, m.progress, locale), target: figure(m, m.target, locale) })}
      </span>
    </div>
  );
}

export function rewardText(m: Mission, t: ReturnType<typeof useT>, locale: string): string {
  const reward =
    m.reward.type === 'cash' && m.reward.amount !== null
      ? formatMoney(m.reward.amount, locale === 'en' ? 'en' : 'pt')
      : m.reward.type === 'box'
        ? (m.reward.box?.title ?? t('missions.rewardBox'))
        : t('missions.rewardBonus');
  return t('missions.reward', { reward });
}

/** The reward line of a card: the text, and the box's art when the reward is a mystery box. */
export function MissionReward({ mission: m }: { mission: Mission }) {
  const t = useT();
  const locale = useLocale();
  const box = m.reward.type === 'box' ? m.reward.box : null;
  return (
    <span className="mw-card__reward">
      {box && <img className="mw-card__reward-art" src={box.image} alt="" width={28} height={28} decoding="async" />}
      {rewardText(m, t, locale)}
    </span>
  );
}

export function MissionAction({ mission: m, busy, onClaim, onAccept }: Props) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  if (!loggedIn)
    return (
      <Button size="sm" to={localizePath('/login', locale)} variant="outline" color="default">
        {t('missions.join')}
      </Button>
    );
  if (m.state === 'completed')
    return (
      <Button size="sm" color="success" loading={busy} disabled={busy} onClick={onClaim}>
        {t('missions.claim')}
      </Button>
    );
  if (m.state === 'available' && m.opt_in)
    return (
      <Button size="sm" variant="outline" loading={busy} disabled={busy} onClick={onAccept}>
        {t('missions.accept')}
      </Button>
    );
  return null;
}
