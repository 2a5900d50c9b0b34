import '../locales/register';
import { useId } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { Page, PageHead, Panel } from '../../../shared/ui/page';
import { SLIDERS } from '../components/icons';
import { StakeInput } from '../components/stake-input';
import { formatOdds, ODDS_FORMATS } from '../lib/odds';
import { setPrefs, usePrefs } from '../lib/prefs';
import '../sports.css';

const SAMPLE = 25_000;

/** /sportschange: how prices show, the slip's default stake and what to do when a price moves. Kept on this device. */
export default function SportsChangePage() {
  const t = useT();
  const locale = useLocale();
  const prefs = usePrefs();
  const id = useId();
  return (
    <Page className="sp-page sp-page--narrow" data-testid="sp-prefs">
      <PageHead icon={SLIDERS} title={t('sports.prefs.title')} intro={t('sports.prefs.intro')} />
      <Panel title={t('sports.prefs.oddsFormat')} titleId={`${id}-fmt`}>
        <div className="sp-radios" role="radiogroup" aria-labelledby={`${id}-fmt`}>
          {ODDS_FORMATS.map((f) => (
            <label key={f} className="sp-radio">
              <input
                type="radio"
                name={`${id}-fmt`}
                value={f}
                checked={prefs.oddsFormat === f}
                onChange={() => setPrefs({ oddsFormat: f })}
                data-testid={`sp-fmt-${f}`}
              />
              <span>
                {t(`sports.prefs.format.${f}`)} <span className="sp-muted">({formatOdds(SAMPLE, f, locale)})</span>
              </span>
            </label>
          ))}
        </div>
      </Panel>
      <Panel title={t('sports.prefs.acceptOdds')} titleId={`${id}-acc`}>
        <div className="sp-radios" role="radiogroup" aria-labelledby={`${id}-acc`}>
          {(['none', 'higher', 'any'] as const).map((a) => (
            <label key={a} className="sp-radio">
              <input
                type="radio"
                name={`${id}-acc`}
                value={a}
                checked={prefs.acceptOdds === a}
                onChange={() => setPrefs({ acceptOdds: a })}
              />
              <span>{t(`sports.prefs.accept.${a}`)}</span>
            </label>
          ))}
        </div>
      </Panel>
      <Panel title={t('sports.prefs.defaultStake')} titleId={`${id}-stake`}>
        <div className="sp-prefs-stake">
          <StakeInput
            id={`${id}-stake-in`}
            label={t('sports.prefs.defaultStake')}
            value={prefs.defaultStake}
            onChange={(c) => setPrefs({ defaultStake: c })}
          />
          <p className="sp-muted">
            {prefs.defaultStake > 0
              ? t('sports.prefs.defaultStakeHint', { amount: formatMoney(prefs.defaultStake, locale) })
              : t('sports.prefs.noDefaultStake')}
          </p>
        </div>
      </Panel>
      <p className="sp-fine">
        {t('sports.prefs.local')} <Link to={localizePath('/sports', locale)}>{t('sports.back')}</Link>
      </p>
    </Page>
  );
}
