import { SLOT, SLOT_SYMBOLS, type SlotSpin, type SlotSymbol } from '@sorte/fairness';
import { useState } from 'react';
import { useT } from '../../../../shared/lib/i18n';
import { formatMoney } from '../../../../shared/lib/money';
import type { BetResult } from '../../api/types';
import { sfx } from '../../lib/sound';
import { useInstantGame } from '../../lib/use-instant-game';
import { GameLayout } from '../game-layout';
import { InstantControls } from '../instant-controls';
import { SlotSymbolArt } from '../slot-symbol';

const gridOf = (stops: readonly number[]): SlotSymbol[][] =>
  stops.map((stop, reel) => {
    const strip = SLOT.strips[reel]!;
    return [0, 1, 2].map((row) => SLOT_SYMBOLS[strip[(stop + row) % strip.length]!]!);
  });

export function SlotGame() {
  const t = useT();
  const [grid, setGrid] = useState<SlotSymbol[][]>(() => gridOf([0, 10, 20]));
  const [spinning, setSpinning] = useState(false);
  const [feature, setFeature] = useState<number>(0);
  const [lines, setLines] = useState<number[]>([]);
  const reveal = (r: BetResult) =>
    new Promise<void>((done) => {
      const spin = r.spin as SlotSpin;
      const respins = r.respins as SlotSpin[];
      setLines([]);
      setFeature(0);
      setSpinning(true);
      let k = 0;
      const blur = setInterval(() => {
        k += 1;
        setGrid(gridOf([(k * 7) % 30, (k * 11) % 30, (k * 13) % 30]));
        sfx.tick();
      }, 70);
      setTimeout(() => {
        clearInterval(blur);
        setSpinning(false);
        setGrid(spin.grid);
        const shows = [spin, ...respins];
        let i = 0;
        const next = () => {
          const s = shows[i]!;
          setGrid(s.grid);
          setLines(s.lineWins.map((l) => l.line));
          if (i > 0) setFeature(i);
          i += 1;
          if (i < shows.length) setTimeout(next, 550);
          else done();
        };
        next();
      }, 700);
    });
  const g = useInstantGame('slot', () => ({}), reveal);
  const lineCells = (l: number) => SLOT.lines[l]!.map(([reel, row]) => `${reel}-${row}`);
  const lit = new Set(lines.flatMap(lineCells));
  const stage = (
    <div className="og-slot">
      <div className="og-slot__frame">
        <div className={`og-slot__grid ${spinning ? 'is-spinning' : ''}`}>
          {[0, 1, 2].map((row) =>
            [0, 1, 2].map((reel) => (
              <div key={`${reel}-${row}`} className={`og-slot__cell ${lit.has(`${reel}-${row}`) ? 'is-lit' : ''}`}>
                <SlotSymbolArt symbol={grid[reel]![row]!} size={64} />
              </div>
            )),
          )}
        </div>
      </div>
      {feature > 0 ? (
        <p className="og-feature">
          {t('originals.slot.feature')} · {t('originals.slot.respins', { n: feature })}
        </p>
      ) : null}
      {g.last && !g.busy ? (
        <p className={`og-outcome ${g.last.payout > 0 ? 'is-win' : ''}`} data-testid="og-result">
          {g.last.payout > 0
            ? t(g.demo ? 'originals.demo.win' : 'originals.result.win', { amount: formatMoney(g.last.payout) })
            : t('originals.result.lose')}
          {(g.last.spin as SlotSpin).fullGrid ? ` · ${t('originals.slot.fullGrid')}` : ''}
        </p>
      ) : null}
    </div>
  );
  const controls = <InstantControls g={g} betLabel={t('originals.slot.spin')} />;
  return (
    <GameLayout
      game="slot"
      stage={stage}
      controls={controls}
      balance={g.balance}
      locked={g.busy || g.auto.state.running}
    />
  );
}
