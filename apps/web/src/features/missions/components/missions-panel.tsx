import type { Mission } from '@sorte/contracts';
import { tenantTimeZone } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { Modal } from '../../../shared/ui/modal';
import type { useMissionActions } from '../lib/use-mission-actions';
import { closeMissionsPanel, useMissionsPanel } from '../store';
import { MissionAction, MissionProgress, MissionReward } from './mission-body';

const endsLabel = (at: string, locale: string) =>
  new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'pt-BR', {
    timeZone: tenantTimeZone(),
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(at));

/** The missions list (opened from the side menu or a widget's title): every mission with its state and action. */
export function MissionsPanel({
  missions,
  guest,
  actions,
}: {
  missions: Mission[];
  guest: boolean;
  actions: ReturnType<typeof useMissionActions>;
}) {
  const t = useT();
  const locale = useLocale();
  const open = useMissionsPanel((s) => s.open);
  return (
    <Modal open={open} onClose={closeMissionsPanel} title={t('missions.title')} size="md">
      <p className="mw-muted">{guest ? t('missions.guestNote') : t('missions.intro')}</p>
      {missions.length === 0 ? (
        <p className="mw-empty">{t('missions.empty')}</p>
      ) : (
        <ul className="mw-list" data-testid="missions-list">
          {missions.map((m) => (
            <li key={m.id} className="mw-item" data-state={m.state}>
              <div className="mw-item__head">
                <h3 className="mw-item__name">{m.name}</h3>
                <span className={`mw-badge mw-badge--${m.state}`}>{t(`missions.state.${m.state}`)}</span>
              </div>
              <p className="mw-card__desc">
                {m.description} · {t(`missions.window.${m.window}`)}
              </p>
              {m.ends_at && m.state !== 'claimed' && m.state !== 'expired' && (
                <p className="mw-item__ends">{t('missions.ends', { date: endsLabel(m.ends_at, locale) })}</p>
              )}
              <MissionProgress mission={m} />
              <div className="mw-card__foot">
                <MissionReward mission={m} />
                <MissionAction
                  mission={m}
                  busy={actions.busy === m.id}
                  onClaim={() => void actions.claim(m.id)}
                  onAccept={() => void actions.accept(m.id)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
