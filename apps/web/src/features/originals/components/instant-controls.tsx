import type { ReactNode } from 'react';
import { useState } from 'react';
import { useT } from '../../../shared/lib/i18n';
import { formatMoney } from '../../../shared/lib/money';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Button } from '../../../shared/ui';
import type { useInstantGame } from '../lib/use-instant-game';
import { AmountInput } from './amount-input';
import { AutoPanel, LoginToPlay } from './game-layout';

/** Manual / auto tabs, the amount, the game's own fields (children) and the bet button. */
export function InstantControls({
  g,
  children,
  betLabel,
  profitOnWin,
  canBet = true,
}: {
  g: ReturnType<typeof useInstantGame>;
  children?: ReactNode;
  betLabel?: string;
  profitOnWin?: number | null;
  canBet?: boolean;
}) {
  const t = useT();
  const loggedIn = useIsLoggedIn();
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const locked = g.busy || g.auto.state.running;
  return (
    <div className="og-form">
      <div className="og-seg" role="tablist">
        {(['manual', 'auto'] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            aria-selected={mode === m}
            className={mode === m ? 'is-on' : ''}
            onClick={() => setMode(m)}
            disabled={g.auto.state.running}
          >
            {t(`originals.controls.${m}`)}
          </button>
        ))}
      </div>
      <AmountInput value={g.amount} onChange={g.setAmount} disabled={g.auto.state.running} />
      {children}
      {profitOnWin != null ? (
        <p className="og-muted">
          {t('originals.controls.profit')}: <strong>{formatMoney(profitOnWin)}</strong>
        </p>
      ) : null}
      <div className="og-action">
        {!loggedIn && !g.demo ? (
          <LoginToPlay />
        ) : mode === 'manual' ? (
          <Button
            block
            size="lg"
            loading={g.busy}
            disabled={locked || !canBet}
            onClick={() => void g.play()}
            data-testid="og-bet"
          >
            {betLabel ?? t('originals.controls.bet')}
            {g.demo ? <span className="og-demo-tag">{t('originals.demo.badge')}</span> : null}
          </Button>
        ) : (
          <AutoPanel
            state={g.auto.state}
            disabled={locked || !canBet}
            onStart={(cfg) => void g.auto.start(cfg)}
            onStop={g.auto.stop}
          />
        )}
      </div>
    </div>
  );
}
