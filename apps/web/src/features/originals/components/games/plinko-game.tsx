import { PLINKO_RISKS, PLINKO_ROWS, type PlinkoRisk, plinkoTable } from '@sorte/fairness';
import { useState } from 'react';
import { useT } from '../../../../shared/lib/i18n';
import { formatMoney } from '../../../../shared/lib/money';
import { formatMultiplier, formatNumber } from '../../../../shared/lib/numbers';
import type { BetResult } from '../../api/types';
import { sfx } from '../../lib/sound';
import { useInstantGame } from '../../lib/use-instant-game';
import { GameLayout } from '../game-layout';
import { InstantControls } from '../instant-controls';

const W = 400;

function bucketColor(m: number) {
  if (m >= 10) return '#ef4444';
  if (m >= 3) return '#f97316';
  if (m >= 1) return '#f59e0b';
  return '#64748b';
}

export function PlinkoGame() {
  const t = useT();
  const [rows, setRows] = useState<number>(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [ball, setBall] = useState<{ x: number; y: number } | null>(null);
  const [hit, setHit] = useState<number | null>(null);
  const table = plinkoTable({ rows, risk }).table;
  const dx = W / (rows + 2);
  const dy = dx * 0.9;
  const top = dy;
  const height = top + rows * dy + 44;

  const reveal = (r: BetResult) =>
    new Promise<void>((done) => {
      const path = r.path as number[];
      let rights = 0;
      let i = 0;
      setHit(null);
      setBall({ x: W / 2, y: top - dy * 0.6 });
      const step = () => {
        if (i >= path.length) {
          setHit(r.bucket as number);
          done();
          return;
        }
        rights += path[i]!;
        i += 1;
        setBall({ x: W / 2 + (rights - i / 2) * dx, y: top + (i - 0.5) * dy });
        sfx.tick();
        setTimeout(step, 70);
      };
      setTimeout(step, 60);
    });

  const g = useInstantGame('plinko', () => ({ rows, risk }), reveal);
  const stage = (
    <div className="og-plinko">
      <svg viewBox={`0 0 ${W} ${height}`} className="og-plinko__svg" role="img" aria-label="Plinko">
        {Array.from({ length: rows }, (_, i) =>
          Array.from({ length: i + 3 }, (_, j) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
              key={`${i}-${j}`}
              cx={W / 2 + (j - (i + 2) / 2) * dx}
              cy={top + i * dy}
              r={Math.max(2, dx * 0.09)}
              fill="#cbd5e1"
            />
          )),
        )}
        {table.map((m, b) => {
          const x = W / 2 + (b - rows / 2) * dx;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
            <g key={b} className={hit === b ? 'og-bucket is-hit' : 'og-bucket'}>
              <rect x={x - dx / 2 + 1.5} y={top + rows * dy} width={dx - 3} height={26} rx={5} fill={bucketColor(m)} />
              <text
                x={x}
                y={top + rows * dy + 17}
                textAnchor="middle"
                fontSize={Math.min(11, dx * 0.34)}
                fontWeight={800}
                fill="#0b1220"
              >
                {formatNumber(m, { max: 2 })}
              </text>
            </g>
          );
        })}
        {ball ? <circle cx={ball.x} cy={ball.y} r={Math.max(4, dx * 0.2)} fill="#fde047" className="og-ball" /> : null}
      </svg>
      {g.last && !g.busy ? (
        <p className={`og-outcome ${g.last.payout >= g.last.amount ? 'is-win' : ''}`} data-testid="og-result">
          {formatMultiplier(g.last.multiplier, { max: 4 })} · {formatMoney(g.last.payout)}
        </p>
      ) : null}
    </div>
  );
  const controls = (
    <InstantControls g={g}>
      <div className="og-row2">
        <label className="og-label">
          {t('originals.plinko.risk')}
          <select
            className="og-input"
            value={risk}
            onChange={(e) => setRisk(e.target.value as PlinkoRisk)}
            disabled={g.busy}
          >
            {PLINKO_RISKS.map((r) => (
              <option key={r} value={r}>
                {t(`originals.plinko.${r}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="og-label">
          {t('originals.plinko.rows')}
          <select className="og-input" value={rows} onChange={(e) => setRows(Number(e.target.value))} disabled={g.busy}>
            {PLINKO_ROWS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      </div>
    </InstantControls>
  );
  return (
    <GameLayout
      game="plinko"
      stage={stage}
      controls={controls}
      balance={g.balance}
      locked={g.busy || g.auto.state.running}
    />
  );
}
