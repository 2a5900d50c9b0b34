import '../locales/register';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Skeleton } from '../../../shared/ui/skeleton';
import { useVipStatus } from '../api/get-vip';
import { LevelBadge } from './level-badge';
import '../vip.css';

/** The profile's VIP card (slot profile.vipCard): level, points, the season's wagering and the bar to the next level. */
export default function VipCard() {
  const t = useT();
  const locale = useLocale();
  const vip = useVipStatus();
  const v = vip.data;
  return (
    <Card title={t('vip.card.title')} subtitle={t('vip.card.hint')} data-testid="vip-card" className="vip-card">
      {vip.isError ? (
        <div className="vip-failed" role="alert">
          <p>{t('vip.card.loadError')}</p>
          <Button size="sm" variant="outline" color="default" onClick={() => void vip.refetch()}>
            {t('vip.card.retry')}
          </Button>
        </div>
      ) : !v ? (
        <Skeleton variant="text" lines={3} height={28} />
      ) : (
        <>
          <div className="vip-card__level">
            <LevelBadge level={v.level} color={v.color} />
            <div>
              <div className="vip-card__name" data-testid="vip-level-name">
                {v.name}
              </div>
              <div className="vip-muted">{t('vip.card.level', { level: v.level })}</div>
            </div>
          </div>
          <dl className="vip-stats">
            <div>
              <dt>{t('vip.card.wagered')}</dt>
              <dd data-testid="vip-total-bet">{formatMoney(v.totalBet, locale)}</dd>
            </div>
            <div>
              <dt>{t('vip.card.points')}</dt>
              <dd data-testid="vip-points">{v.points.toLocaleString(locale === 'en' ? 'en-US' : 'pt-BR')}</dd>
            </div>
          </dl>
          {v.levels.length === 0 ? (
            <p className="vip-muted">{t('vip.card.noLadder')}</p>
          ) : v.next_level ? (
            <div className="vip-progress">
              <div className="vip-progress__row">
                <span>{t('vip.card.next', { name: v.next_level.name })}</span>
                <strong>{Math.floor(v.progress * 100)}%</strong>
              </div>
              <div
                className="vip-progress__track"
                role="progressbar"
                aria-label={t('vip.card.progressLabel', { name: v.next_level.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.floor(v.progress * 100)}
                data-testid="vip-progress"
                data-progress={v.progress}
              >
                <div
                  className="vip-progress__bar"
                  style={{ width: `${Math.max(v.progress * 100, v.progress > 0 ? 2 : 0)}%` }}
                />
              </div>
              <p className="vip-muted" data-testid="vip-remaining">
                {t('vip.card.remaining', { amount: formatMoney(v.remaining, locale), name: v.next_level.name })}
                {v.next_level.reward_cash > 0 &&
                  ` ${t('vip.card.reward', { amount: formatMoney(v.next_level.reward_cash, locale) })}`}
                {v.next_level.reward_offer_id !== null && ` ${t('vip.card.rewardBonus')}`}
                {v.next_level.reward_box_id !== null && ` ${t('vip.card.rewardBox')}`}
              </p>
            </div>
          ) : (
            <p className="vip-top">{t('vip.card.top')}</p>
          )}
          <p className="vip-fine">{t('vip.card.pointsHint')}</p>
          {isLivePath('/ranking') && (
            <Button to={localizePath('/ranking', locale)} variant="outline" color="default" size="sm">
              {t('vip.card.ranking')}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
