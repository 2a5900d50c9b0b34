import { KENO_RISKS, type KenoRisk, kenoTable } from '@sorte/fairness';
import { useState } from 'react';
import { useT } from '../../../../shared/lib/i18n';
import { formatMoney } from '../../../../shared/lib/money';
import { formatMultiplier, formatNumber } from '../../../../shared/lib/numbers';
import type { BetResult } from '../../api/types';
import { sfx } from '../../lib/sound';
import { useInstantGame } from '../../lib/use-instant-game';
import { GameLayout } from '../game-layout';
import { InstantControls } from '../instant-controls';

export function KenoGame() {
  const t = useT();
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [drawn, setDrawn] = useState<number[]>([]);
  const reveal = (r: BetResult) =>
    new Promise<void>((done) => {
      const all = r.drawn as number[];
      setDrawn([]);
      all.forEach((n, i) => {
        setTimeout(
          () => {
            setDrawn((d) => [...d, n]);
            sfx.tick();
            if (i === all.length - 1) done();
          },
          70 * (i + 1),
        );
      });
    });
  const g = useInstantGame('keno', () => (picks.length ? { picks, risk } : null), reveal);
  const toggle = (n: number) => {
    if (g.busy || g.auto.state.running) return;
    setDrawn([]);
    setPicks((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length < 10 ? [...p, n] : p));
  };
  const random = () => {
    const pool = Array.from({ length: 40 }, (_, i) => i + 1);
    const out: number[] = [];
    const count = picks.length || 5;
    const rnd = new Uint32Array(count);
    crypto.getRandomValues(rnd);
    for (let i = 0; i < count; i++) out.push(pool.splice(rnd[i]! % pool.length, 1)[0]!);
    setDrawn([]);
    setPicks(out);
  };
  const table = picks.length ? kenoTable(risk, picks.length).table : [];
  const drawnSet = new Set(drawn);
  const hits = picks.filter((p) => drawnSet.has(p)).length;
  const stage = (
    <div className="og-keno">
      <div className="og-keno__grid">
        {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => {
          const picked = picks.includes(n);
          const isDrawn = drawnSet.has(n);
          return (
            <button
              key={n}
              type="button"
              aria-pressed={picked}
              className={`og-keno__n ${picked ? 'is-picked' : ''} ${isDrawn ? 'is-drawn' : ''} ${picked && isDrawn ? 'is-hit' : ''}`}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          );
        })}
      </div>
      {table.length ? (
        <div className="og-keno__pays">
          {table.map((m, h) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
            <div key={h} className={drawn.length === 10 && hits === h ? 'is-on' : ''}>
              <span>{h}×</span>
              <strong>{formatNumber(m, { max: 2 })}x</strong>
            </div>
          ))}
        </div>
      ) : (
        <p className="og-muted">{t('originals.keno.pickFirst')}</p>
      )}
      {g.last && !g.busy ? (
        <p className={`og-outcome ${g.last.payout > 0 ? 'is-win' : ''}`} data-testid="og-result">
          {t('originals.keno.hits')}: {(g.last.hits as number[]).length} ·{' '}
          {formatMultiplier(g.last.multiplier, { max: 4 })} · {formatMoney(g.last.payout)}
        </p>
      ) : null}
    </div>
  );
  const controls = (
    <InstantControls g={g} canBet={picks.length > 0}>
      <label className="og-label">
        {t('originals.keno.risk')}
        <select className="og-input" value={risk} onChange={(e) => setRisk(e.target.value as KenoRisk)}>
          {KENO_RISKS.map((r) => (
            <option key={r} value={r}>
              {t(`originals.keno.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="og-kv__row">
        <span className="og-muted">{t('originals.keno.picks', { n: picks.length })}</span>
        <button type="button" className="og-mini" onClick={random}>
          {t('originals.keno.random')}
        </button>
        <button type="button" className="og-mini" onClick={() => setPicks([])}>
          {t('originals.keno.clear')}
        </button>
      </div>
    </InstantControls>
  );
  return (
    <GameLayout
      game="keno"
      stage={stage}
      controls={controls}
      balance={g.balance}
      locked={g.busy || g.auto.state.running}
    />
  );
}
