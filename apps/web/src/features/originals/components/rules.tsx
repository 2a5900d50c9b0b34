import {
  KENO_RISKS,
  type KenoRisk,
  kenoExactRtp,
  kenoHitProbability,
  kenoTable,
  minesPaytable,
  PLINKO_RISKS,
  PLINKO_ROWS,
  type PlinkoRisk,
  plinkoBucketProbability,
  plinkoExactRtp,
  plinkoTable,
  rtpBasisPoints,
  SLOT,
  SLOT_SYMBOLS,
} from '@sorte/fairness';
import { useState } from 'react';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { formatMultiplier, formatPercent, formatRtp } from '../../../shared/lib/numbers';
import type { GameCode } from '../api/types';
import { rtpOf } from '../lib/catalog';
import { SlotSymbolArt } from './slot-symbol';

const pct = (n: number, d = 2) => formatPercent(n, { min: d, max: d });
const mult = (m: number) => formatMultiplier(m, { min: 0, max: 4 });
const ratio = (r: { num: bigint; den: bigint }) => Number((r.num * 1_000_000n) / r.den) / 10_000;

function Select<T extends string | number>({
  label,
  value,
  options,
  onChange,
  render,
}: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (v: T) => void;
  render?: (v: T) => string;
}) {
  return (
    <label className="og-label og-inline">
      {label}
      <select
        className="og-input"
        value={String(value)}
        onChange={(e) => onChange(options.find((o) => String(o) === e.target.value) as T)}
      >
        {options.map((o) => (
          <option key={String(o)} value={String(o)}>
            {render ? render(o) : String(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

function DiceTable() {
  const t = useT();
  return (
    <table className="og-pay">
      <thead>
        <tr>
          <th>{t('originals.rules.chance')}</th>
          <th>{t('originals.rules.pays')}</th>
        </tr>
      </thead>
      <tbody>
        {[98, 90, 75, 49.5, 25, 10, 2, 0.01].map((c) => (
          <tr key={c}>
            <td>{pct(c)}</td>
            <td>{mult(Math.floor(99_000_000 / Math.round(c * 100)) / 10_000)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LimboTable() {
  const t = useT();
  return (
    <table className="og-pay">
      <thead>
        <tr>
          <th>{t('originals.limbo.target')}</th>
          <th>{t('originals.rules.chance')}</th>
        </tr>
      </thead>
      <tbody>
        {[1.01, 1.5, 2, 5, 10, 100, 1000, 1_000_000].map((m) => (
          <tr key={m}>
            <td>{mult(m)}</td>
            <td>{pct(99 / m, m >= 1000 ? 6 : 4)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MinesTable() {
  const t = useT();
  const [mines, setMines] = useState(3);
  const table = minesPaytable(mines);
  return (
    <>
      <Select
        label={t('originals.mines.mines')}
        value={mines}
        options={Array.from({ length: 24 }, (_, i) => i + 1)}
        onChange={setMines}
      />
      <div className="og-pay-grid">
        {table.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
          <div key={i} className="og-pay-cell">
            <span>
              {i + 1} {t('originals.rules.safe').toLowerCase()}
            </span>
            <strong>{mult(m / 10_000)}</strong>
          </div>
        ))}
      </div>
    </>
  );
}

function PlinkoTable() {
  const t = useT();
  const locale = useLocale();
  const [rows, setRows] = useState<number>(16);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const { table } = plinkoTable({ rows, risk });
  const rtp = rtpBasisPoints(plinkoExactRtp({ rows, risk })) / 100;
  return (
    <>
      <div className="og-row2">
        <Select label={t('originals.plinko.rows')} value={rows} options={PLINKO_ROWS} onChange={setRows} />
        <Select
          label={t('originals.plinko.risk')}
          value={risk}
          options={PLINKO_RISKS}
          onChange={setRisk}
          render={(r) => t(`originals.plinko.${r}`)}
        />
      </div>
      <p className="og-muted">{t('originals.rules.rtpChoice', { rtp: formatRtp(rtp, locale) })}</p>
      <table className="og-pay">
        <thead>
          <tr>
            <th>{t('originals.rules.bucket')}</th>
            <th>{t('originals.rules.pays')}</th>
            <th>{t('originals.rules.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {table.map((m, b) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
            <tr key={b}>
              <td>{b}</td>
              <td>{mult(m)}</td>
              <td>{pct(ratio(plinkoBucketProbability(rows, b)), 4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function KenoTable() {
  const t = useT();
  const locale = useLocale();
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [picks, setPicks] = useState(5);
  const { table } = kenoTable(risk, picks);
  const rtp = rtpBasisPoints(kenoExactRtp(risk, picks)) / 100;
  return (
    <>
      <div className="og-row2">
        <Select
          label={t('originals.keno.risk')}
          value={risk}
          options={KENO_RISKS}
          onChange={setRisk}
          render={(r) => t(`originals.keno.${r}`)}
        />
        <Select
          label={t('originals.keno.picks', { n: picks })}
          value={picks}
          options={[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]}
          onChange={setPicks}
        />
      </div>
      <p className="og-muted">{t('originals.rules.rtpChoice', { rtp: formatRtp(rtp, locale) })}</p>
      <table className="og-pay">
        <thead>
          <tr>
            <th>{t('originals.rules.hits')}</th>
            <th>{t('originals.rules.pays')}</th>
            <th>{t('originals.rules.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {table.map((m, h) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed positions (buckets, hits, reveals)
            <tr key={h}>
              <td>{h}</td>
              <td>{mult(m)}</td>
              <td>{pct(ratio(kenoHitProbability(picks, h)), 4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function SlotTable() {
  const t = useT();
  return (
    <>
      <p className="og-muted">
        {t('originals.rules.slotHit', { hit: formatPercent(32.3222, { min: 4 }), max: '600' })}
      </p>
      <p className="og-label">{t('originals.rules.symbolPays')}</p>
      <div className="og-pay-grid">
        {SLOT_SYMBOLS.map((s, i) => (
          <div key={s} className="og-pay-cell og-pay-sym">
            <SlotSymbolArt symbol={s} size={36} />
            <span>{t(`originals.slot.symbols.${s}`)}</span>
            <strong>{mult(SLOT.pays[i]!)}</strong>
          </div>
        ))}
      </div>
    </>
  );
}

/** Rules and paytable, shown before any bet (Portaria SPA/MF 1.207/2024). */
export function Rules({ game }: { game: GameCode }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="og-rules" data-testid="og-rules">
      <p>{t(`originals.rules.${game}`)}</p>
      <p className="og-rtp" data-testid="og-rtp">
        {t('originals.rules.rtp', { rtp: formatRtp(rtpOf(game), locale) })}
      </p>
      {game === 'dice' ? <DiceTable /> : null}
      {game === 'limbo' ? <LimboTable /> : null}
      {game === 'mines' ? <MinesTable /> : null}
      {game === 'plinko' ? <PlinkoTable /> : null}
      {game === 'keno' ? <KenoTable /> : null}
      {game === 'slot' ? <SlotTable /> : null}
    </div>
  );
}
