import { useState } from 'react';
import { useLocale, useT } from '../../../../shared/lib/i18n';
import { formatMoney } from '../../../../shared/lib/money';
import { formatMultiplier, formatNumber, formatPercent, parseDecimal } from '../../../../shared/lib/numbers';
import type { BetResult } from '../../api/types';
import { sfx } from '../../lib/sound';
import { useInstantGame } from '../../lib/use-instant-game';
import { GameLayout } from '../game-layout';
import { InstantControls } from '../instant-controls';

export function LimboGame() {
  const t = useT();
  const locale = useLocale();
  const [text, setText] = useState(() => formatNumber(2, { min: 2 }, locale));
  const [shown, setShown] = useState<number | null>(null);
  const typed = parseDecimal(text, locale);
  const target = typed === null ? Number.NaN : Math.round(typed * 100) / 100;
  const valid = Number.isFinite(target) && target >= 1.01 && target <= 1_000_000;
  // The count-up animation: from 1.00x to the result in about half a second.
  const reveal = (r: BetResult) =>
    new Promise<void>((done) => {
      const end = Number(r.result);
      const start = performance.now();
      const step = (now: number) => {
        const k = Math.min(1, (now - start) / 500);
        setShown(1 + (end - 1) * k * k);
        if (k < 1) requestAnimationFrame(step);
        else {
          setShown(end);
          done();
        }
      };
      sfx.tick();
      requestAnimationFrame(step);
    });
  const g = useInstantGame('limbo', () => (valid ? { target } : null), reveal);
  const stage = (
    <div className="og-limbo">
      <div
        className={`og-bigresult ${g.last && !g.busy ? (g.last.win ? 'is-win' : 'is-lose') : ''}`}
        data-testid="og-result"
      >
        {formatMultiplier(shown ?? 1, {}, locale)}
      </div>
      <div className="og-stats">
        <div>
          <span>{t('originals.limbo.target')}</span>
          <strong>{valid ? formatMultiplier(target, {}, locale) : '—'}</strong>
        </div>
        <div>
          <span>{t('originals.limbo.chance')}</span>
          <strong>{valid ? formatPercent(99 / target, { min: 0, max: 6 }, locale) : '—'}</strong>
        </div>
      </div>
      {g.last && !g.busy ? (
        <p className={`og-outcome ${g.last.win ? 'is-win' : ''}`}>
          {g.last.win
            ? t(g.demo ? 'originals.demo.win' : 'originals.result.win', { amount: formatMoney(g.last.payout) })
            : t('originals.result.lose')}
        </p>
      ) : null}
    </div>
  );
  const controls = (
    <InstantControls g={g} canBet={valid} profitOnWin={valid ? Math.floor(g.amount * target) - g.amount : null}>
      <label className="og-label">
        {t('originals.limbo.target')}
        <input className="og-input" inputMode="decimal" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
    </InstantControls>
  );
  return (
    <GameLayout
      game="limbo"
      stage={stage}
      controls={controls}
      balance={g.balance}
      locked={g.busy || g.auto.state.running}
    />
  );
}
