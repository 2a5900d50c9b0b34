import { formatDateTimeShort } from '../../../shared/lib/dates';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { isLivePath } from '../../../shared/lib/live-routes';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { formatPercent } from '../../../shared/lib/numbers';
import { Button } from '../../../shared/ui/button';
import type { PlayerBonus } from '../api/get-bonuses';
import { wageringProgress } from '../lib/bonus';

/** The bonus being wagered: its amount, a progress bar of the wagering done of that required, what is left, expiry. */
export function ActiveBonus({ bonus }: { bonus: PlayerBonus | null }) {
  const t = useT();
  const locale = useLocale();
  if (!bonus) {
    return (
      <div className="pr-empty" data-testid="bonus-none">
        <p>{t('promo.bonus.noActive')}</p>
        <p className="pr-muted">{t('promo.bonus.noActiveHint')}</p>
        {isLivePath('/promotion') && (
          <Button size="sm" variant="outline" color="default" to={localizePath('/promotion', locale)}>
            {t('promo.common.seeOffers')}
          </Button>
        )}
      </div>
    );
  }
  const spins = bonus.free_spins;
  // Free spins still to play: the card shows the spins and the way into the game; the wagering comes after them.
  if (spins && spins.used < spins.total) return <FreeSpinsBonus bonus={bonus} spins={spins} />;
  const p = wageringProgress(bonus.wagering_done, bonus.wagering_required);
  return (
    <div className="pr-stack" data-testid="bonus-active">
      <div className="pr-card__head">
        <p className="pr-active__name">{bonus.offer_name}</p>
        <span className={`pr-state pr-state--${bonus.state}`}>{t(`promo.bonus.states.${bonus.state}`)}</span>
      </div>
      {spins && (
        <p className="pr-muted" data-testid="bonus-spins">
          {t('promo.bonus.spinsOf', { used: spins.used, total: spins.total })}
        </p>
      )}
      <div>
        <p className="pr-muted">{t('promo.bonus.amount')}</p>
        <p className="pr-active__amount" data-testid="bonus-amount">
          {formatMoney(bonus.amount)}
        </p>
      </div>
      <div className="pr-progress">
        <div className="pr-progress__row">
          <span>{t('promo.bonus.wagering')}</span>
          <strong data-testid="bonus-wagering">
            {t('promo.bonus.wageringOf', {
              done: formatMoney(p.done),
              required: formatMoney(bonus.wagering_required),
            })}
          </strong>
        </div>
        <div
          className="pr-progress__track"
          role="progressbar"
          aria-label={t('promo.bonus.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.floor(p.percent)}
          aria-valuetext={formatPercent(p.percent, { min: 0, max: 1 })}
          data-testid="bonus-progress"
        >
          <div className="pr-progress__bar" style={{ width: `${p.percent}%` }} />
        </div>
        <p className="pr-muted">
          {p.left > 0 ? t('promo.bonus.wageringLeft', { left: formatMoney(p.left) }) : t('promo.bonus.wageringDone')}
        </p>
      </div>
      {bonus.expires_at && (
        <p className="pr-muted">{t('promo.bonus.expires', { date: formatDateTimeShort(bonus.expires_at, locale) })}</p>
      )}
    </div>
  );
}

type Spins = NonNullable<PlayerBonus['free_spins']>;

/** A free-spins bonus with spins left: "7 de 10 giros", a bar, the game and its stake per spin, and "Jogar". */
function FreeSpinsBonus({ bonus, spins }: { bonus: PlayerBonus; spins: Spins }) {
  const t = useT();
  const locale = useLocale();
  const percent = Math.floor((spins.used / spins.total) * 1000) / 10;
  return (
    <div className="pr-stack" data-testid="bonus-active">
      <div className="pr-card__head">
        <p className="pr-active__name">{bonus.offer_name}</p>
        <span className={`pr-state pr-state--${bonus.state}`}>{t(`promo.bonus.states.${bonus.state}`)}</span>
      </div>
      <div>
        <p className="pr-muted">{t('promo.bonus.spins')}</p>
        <p className="pr-active__amount" data-testid="bonus-spins">
          {t('promo.bonus.spinsOf', { used: spins.used, total: spins.total })}
        </p>
        {spins.game && (
          <p className="pr-muted">
            {t('promo.bonus.spinsGame', { game: spins.game.title, bet: formatMoney(spins.bet) })}
          </p>
        )}
      </div>
      <div className="pr-progress">
        <div
          className="pr-progress__track"
          role="progressbar"
          aria-label={t('promo.bonus.spinsLabel')}
          aria-valuemin={0}
          aria-valuemax={spins.total}
          aria-valuenow={spins.used}
          aria-valuetext={t('promo.bonus.spinsOf', { used: spins.used, total: spins.total })}
        >
          <div className="pr-progress__bar" style={{ width: `${percent}%` }} />
        </div>
        <p className="pr-muted" data-testid="bonus-spins-won">
          {t('promo.bonus.spinsWon', { amount: formatMoney(bonus.amount) })}
        </p>
      </div>
      <p className="pr-muted">{spins.ready ? t('promo.bonus.spinsHint') : t('promo.bonus.spinsPreparing')}</p>
      {spins.game && spins.ready && (
        <Button block to={localizePath(spins.game.path, locale)} data-testid="bonus-play">
          {t('promo.bonus.play')}
        </Button>
      )}
      {bonus.expires_at && (
        <p className="pr-muted">{t('promo.bonus.expires', { date: formatDateTimeShort(bonus.expires_at, locale) })}</p>
      )}
    </div>
  );
}
