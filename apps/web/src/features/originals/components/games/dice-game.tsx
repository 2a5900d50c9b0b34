import { useState } from 'react';
import { useLocale, useT } from '../../../../shared/lib/i18n';
import { formatMoney } from '../../../../shared/lib/money';
import { formatNumber } from '../../../../shared/lib/numbers';
import { useInstantGame } from '../../lib/use-instant-game';
import { GameLayout } from '../game-layout';
import { InstantControls } from '../instant-controls';

export function DiceGame() {
  const t = useT();
  const locale = useLocale();
  const fmt = (n: number, d = 2) => formatNumber(n, { min: d, max: d }, locale);
  const sep = locale === 'en' ? '.' : ',';
  const [target, setTarget] = useState(50.5);
  const [condition, setCondition] = useState<'over' | 'under'>('over');
  const chanceCents = Math.round(condition === 'under' ? target * 100 : 10000 - target * 100);
  const valid = chanceCents >= 1 && chanceCents <= 9800;
  const multE4 = valid ? Math.floor(99_000_000 / chanceCents) : 0;
  const g = useInstantGame('dice', () => (valid ? { target, condition } : null));
  const roll = g.last ? Number(g.last.roll) : null;
  const winZone =
    condition === 'over'
      ? `linear-gradient(90deg, var(--og-lose) ${target}%, var(--og-win) ${target}%)`
      : `linear-gradient(90deg, var(--og-win) ${target}%, var(--og-lose) ${target}%)`;

  const stage = (
    <div className="og-dice">
      <div className={`og-bigresult ${g.last ? (g.last.win ? 'is-win' : 'is-lose') : ''}`} data-testid="og-result">
        {roll !== null ? fmt(roll) : `--${sep}--`}
      </div>
      <div className="og-dice__track" style={{ background: winZone }}>
        {roll !== null ? (
          <span className={`og-dice__marker ${g.last?.win ? 'is-win' : 'is-lose'}`} style={{ left: `${roll}%` }}>
            {fmt(roll)}
          </span>
        ) : null}
        <input
          aria-label={t('originals.dice.target')}
          className="og-dice__range"
          type="range"
          min={2}
          max={98}
          step={0.5}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
        />
      </div>
      <div className="og-dice__scale">
        {[0, 25, 50, 75, 100].map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
      <div className="og-stats">
        <div>
          <span>{t('originals.dice.multiplier')}</span>
          <strong>{fmt(multE4 / 10_000, 4)}x</strong>
        </div>
        <div>
          <span>{condition === 'over' ? t('originals.dice.rollOver') : t('originals.dice.rollUnder')}</span>
          <strong>{fmt(target)}</strong>
        </div>
        <div>
          <span>{t('originals.dice.chance')}</span>
          <strong>{fmt(chanceCents / 100)}%</strong>
        </div>
      </div>
      {g.last ? (
        <p className={`og-outcome ${g.last.win ? 'is-win' : ''}`}>
          {g.last.win
            ? t(g.demo ? 'originals.demo.win' : 'originals.result.win', { amount: formatMoney(g.last.payout) })
            : t('originals.result.lose')}
        </p>
      ) : null}
    </div>
  );

  const controls = (
    <InstantControls g={g} canBet={valid} profitOnWin={Math.floor((g.amount * multE4) / 10_000) - g.amount}>
      <div className="og-field">
        <span className="og-label">{t('originals.dice.target')}</span>
        <div className="og-kv__row">
          <input
            className="og-input"
            inputMode="decimal"
            aria-label={t('originals.dice.target')}
            value={String(target).replace('.', sep)}
            onChange={(e) => {
              const v = Number(e.target.value.replace(',', '.'));
              if (Number.isFinite(v) && v >= 0 && v <= 100) setTarget(Math.round(v * 100) / 100);
            }}
          />
          <div className="og-seg og-seg--sm">
            {(['under', 'over'] as const).map((c) => (
              <button
                key={c}
                type="button"
                className={condition === c ? 'is-on' : ''}
                aria-pressed={condition === c}
                onClick={() => setCondition(c)}
              >
                {t(`originals.dice.${c}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
    </InstantControls>
  );
  return (
    <GameLayout
      game="dice"
      stage={stage}
      controls={controls}
      balance={g.balance}
      locked={g.busy || g.auto.state.running}
    />
  );
}
