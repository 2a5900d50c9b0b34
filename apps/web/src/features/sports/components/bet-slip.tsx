import type { BetUpdatedPush, SportEventReply } from '@sorte/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HttpError } from '../../../shared/lib/http';
import { useLocale, useT } from '../../../shared/lib/i18n';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { applyBalance } from '../../../shared/lib/wallet';
import { Button } from '../../../shared/ui/button';
import { getBet, placeBet } from '../api/bets';
import { eventQuery } from '../api/catalog';
import { SPORTS_KEY } from '../api/keys';
import { useBetUpdates } from '../lib/bet-updates';
import { newKey } from '../lib/ids';
import { useWatchEvents } from '../lib/live';
import { formatOdds, potentialWin } from '../lib/odds';
import { setPrefs, usePrefs } from '../lib/prefs';
import { betsToPlace, changedSelections, conflictingEvents, type SlipBet, slipBlock, slipTotals } from '../lib/slip';
import { slip, useSlip } from '../lib/slip-store';
import { OpenBetsMini } from './bet-card';
import { StakeInput } from './stake-input';

type Receipt = {
  key: string;
  betId: number | null;
  label: string;
  status: 'pending' | 'open' | 'rejected' | 'error';
  message: string | null;
};

const PENDING_POLL_MS = 2_500;

/** The bet slip: picks, singles or accumulator, stakes, the odds-change setting, placing, and the player's open bets. */
export function BetSlip() {
  const t = useT();
  const [tab, setTab] = useState<'slip' | 'bets'>('slip');
  const count = useSlip((s) => s.selections.length);
  const tabsId = useId();
  return (
    <div className="sp-slip" data-testid="sp-slip">
      <div className="sp-slip__tabs" role="tablist" aria-label={t('sports.slip.title')}>
        <button
          type="button"
          role="tab"
          id={`${tabsId}-slip`}
          aria-selected={tab === 'slip'}
          aria-controls={`${tabsId}-slip-panel`}
          className="sp-slip__tab"
          onClick={() => setTab('slip')}
        >
          {t('sports.slip.title')} {count > 0 && <span className="sp-count">{count}</span>}
        </button>
        <button
          type="button"
          role="tab"
          id={`${tabsId}-bets`}
          aria-selected={tab === 'bets'}
          aria-controls={`${tabsId}-bets-panel`}
          className="sp-slip__tab"
          onClick={() => setTab('bets')}
          data-testid="sp-slip-mybets"
        >
          {t('sports.slip.myBets')}
        </button>
      </div>
      {tab === 'slip' ? (
        <div role="tabpanel" id={`${tabsId}-slip-panel`} aria-labelledby={`${tabsId}-slip`}>
          <SlipBody />
        </div>
      ) : (
        <div role="tabpanel" id={`${tabsId}-bets-panel`} aria-labelledby={`${tabsId}-bets`}>
          <OpenBetsMini />
        </div>
      )}
    </div>
  );
}

function SlipBody() {
  const t = useT();
  const locale = useLocale();
  const qc = useQueryClient();
  const { pathname, search } = useLocation();
  const player = useIsLoggedIn();
  const s = useSlip();
  const prefs = usePrefs();
  const [busy, setBusy] = useState(false);
  const [receipts, setReceipts] = useState<Receipt[]>([]);
  const ids = useId();
  useWatchEvents(s.selections.map((x) => x.eventId));

  const settle = useCallback(
    (p: { id: number; status: string; message?: string | null }) =>
      setReceipts((rs) =>
        rs.map((r) =>
          r.betId === p.id && r.status === 'pending'
            ? {
                ...r,
                status: p.status === 'rejected' || p.status === 'cancelled' ? 'rejected' : 'open',
                message: p.message ?? null,
              }
            : r,
        ),
      ),
    [],
  );
  useBetUpdates((p: BetUpdatedPush) => settle(p));

  // A pending live bet is also followed by reading it, in case the push is lost (realtime down).
  const pendingIds = receipts.filter((r) => r.status === 'pending' && r.betId !== null).map((r) => r.betId as number);
  const pendingKey = pendingIds.join(',');
  useEffect(() => {
    if (!pendingKey) return;
    const timer = setInterval(() => {
      for (const id of pendingKey.split(',').map(Number))
        getBet(id).then(
          (r) => r.bet.status !== 'pending' && settle({ id, status: r.bet.status, message: r.bet.message }),
          () => {},
        );
    }, PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pendingKey, settle]);

  // A new pick starts a new slip: the last placement's receipts go, except a live bet still being confirmed.
  const count = s.selections.length;
  const lastCount = useRef(count);
  useEffect(() => {
    if (count > lastCount.current)
      setReceipts((rs) => (rs.some((r) => r.status !== 'pending') ? rs.filter((r) => r.status === 'pending') : rs));
    lastCount.current = count;
  }, [count]);

  const conflicts = conflictingEvents(s);
  const block = slipBlock(s);
  const totals = slipTotals(s);
  const changed = changedSelections(s);

  async function refreshPrices(bets: SlipBet[]) {
    const events = new Set(
      bets.flatMap((b) =>
        b.selections.map((x) => s.selections.find((y) => y.outcomeId === x.outcome_id)?.eventId ?? 0),
      ),
    );
    for (const id of events) {
      if (!id) continue;
      const r = await qc
        .fetchQuery({ ...eventQuery(locale, id), staleTime: 0 })
        .catch(() => null as SportEventReply | null);
      if (!r) continue;
      for (const m of r.event.markets) slip.market(m);
      if (r.event.live?.bet_stop) slip.betStop(id, true);
    }
  }

  async function place() {
    const bets = betsToPlace(s);
    if (bets.length === 0) return;
    setBusy(true);
    const placed: string[] = [];
    const out: Receipt[] = [];
    const failed: SlipBet[] = [];
    for (const b of bets) {
      const label =
        b.key === 'multi'
          ? t('sports.slip.multiLabel', { n: b.selections.length })
          : (s.selections.find((x) => String(x.outcomeId) === b.key)?.outcomeName ?? '');
      try {
        const r = await placeBet({ selections: b.selections, stake: b.stake, accept_odds: prefs.acceptOdds }, newKey());
        placed.push(b.key);
        void applyBalance(qc, { balance: r.balance, bonus: r.bonus });
        out.push({
          key: `${b.key}-${r.bet.id}`,
          betId: r.bet.id,
          label,
          status: r.bet.status === 'pending' ? 'pending' : r.bet.status === 'rejected' ? 'rejected' : 'open',
          message: r.bet.message,
        });
      } catch (err) {
        failed.push(b);
        const message =
          err instanceof HttpError ? (err.fieldMessages[0] ?? err.message) : t('sports.slip.unknownError');
        out.push({ key: `${b.key}-${Date.now()}`, betId: null, label, status: 'error', message });
      }
    }
    slip.placed(placed);
    setReceipts(out);
    setBusy(false);
    void qc.invalidateQueries({ queryKey: [...SPORTS_KEY, 'bets'] });
    // A refusal is often a price that moved or a market that closed: show the prices as they are now.
    if (failed.length > 0) await refreshPrices(failed);
  }

  const loginTo = `${localizePath('/login', locale)}?redirect=${encodeURIComponent(pathname + search)}`;

  return (
    <div className="sp-slip__body">
      {receipts.length > 0 && (
        <ul className="sp-receipts" aria-live="polite" data-testid="sp-receipts">
          {receipts.map((r) => (
            <li key={r.key} className={`sp-receipt sp-receipt--${r.status}`} data-status={r.status}>
              <strong>{t(`sports.slip.receipt.${r.status}`)}</strong>
              <span>{r.label}</span>
              {r.message && <span className="sp-receipt__msg">{r.message}</span>}
            </li>
          ))}
        </ul>
      )}
      {s.selections.length === 0 ? (
        <p className="sp-muted sp-slip__empty" data-testid="sp-slip-empty">
          {t('sports.slip.empty')}
        </p>
      ) : (
        <>
          <div className="sp-seg" role="radiogroup" aria-label={t('sports.slip.kind')}>
            {(['single', 'multi'] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="radio"
                aria-checked={s.mode === m}
                className="sp-seg__btn"
                disabled={m === 'multi' && s.selections.length < 2}
                onClick={() => slip.mode(m)}
                data-testid={`sp-mode-${m}`}
              >
                {t(`sports.slip.${m}`)}
              </button>
            ))}
          </div>
          <ul className="sp-picks">
            {s.selections.map((x) => (
              <li
                key={x.outcomeId}
                className={`sp-pick${x.suspended ? ' sp-pick--off' : ''}`}
                data-testid="sp-pick"
                data-outcome={x.outcomeId}
              >
                <div className="sp-pick__head">
                  <span className="sp-pick__outcome">{x.outcomeName}</span>
                  <span className="sp-pick__odds" data-testid="sp-pick-odds">
                    {x.odds !== x.current && (
                      <s className="sp-pick__old">
                        <span className="ui-visually-hidden">{t('sports.slip.was')} </span>
                        {formatOdds(x.odds, prefs.oddsFormat, locale)}
                      </s>
                    )}
                    <span className={x.odds !== x.current ? (x.current > x.odds ? 'sp-up' : 'sp-down') : undefined}>
                      {formatOdds(x.current, prefs.oddsFormat, locale)}
                    </span>
                  </span>
                  <button
                    type="button"
                    className="sp-pick__x"
                    aria-label={t('sports.slip.remove', { name: x.outcomeName })}
                    onClick={() => slip.remove(x.outcomeId)}
                  >
                    ×
                  </button>
                </div>
                <div className="sp-pick__market">
                  {x.marketName} · {x.eventName}
                  {x.live && <span className="sp-tag">{t('sports.live')}</span>}
                </div>
                {x.suspended && <div className="sp-pick__note">{t('sports.slip.suspended')}</div>}
                {s.mode === 'multi' && conflicts.has(x.eventId) && (
                  <div className="sp-pick__note">{t('sports.slip.conflict')}</div>
                )}
                {s.mode === 'single' && (
                  <div className="sp-pick__stake">
                    <StakeInput
                      id={`${ids}-st-${x.outcomeId}`}
                      label={t('sports.slip.stakeFor', { name: x.outcomeName })}
                      value={s.stakes[String(x.outcomeId)] ?? 0}
                      onChange={(c) => slip.stake(x.outcomeId, c)}
                    />
                    <span className="sp-pick__win">
                      {t('sports.slip.returns')}{' '}
                      <strong>{formatMoney(potentialWin(s.stakes[String(x.outcomeId)] ?? 0, [x.odds]), locale)}</strong>
                    </span>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {s.mode === 'multi' && (
            <div className="sp-multi">
              <div className="sp-line">
                <span>{t('sports.slip.totalOdds')}</span>
                <strong data-testid="sp-total-odds">{formatOdds(totals.odds, prefs.oddsFormat, locale)}</strong>
              </div>
              <StakeInput
                id={`${ids}-multi`}
                label={t('sports.slip.stake')}
                value={s.multiStake}
                onChange={(c) => slip.multiStake(c)}
              />
            </div>
          )}
          <div className="sp-slip__foot">
            <label className="sp-accept">
              <span>{t('sports.prefs.acceptOdds')}</span>
              <select
                value={prefs.acceptOdds}
                onChange={(e) => setPrefs({ acceptOdds: e.target.value as typeof prefs.acceptOdds })}
                data-testid="sp-accept"
              >
                {(['none', 'higher', 'any'] as const).map((a) => (
                  <option key={a} value={a}>
                    {t(`sports.prefs.accept.${a}`)}
                  </option>
                ))}
              </select>
            </label>
            <div className="sp-line">
              <span>{t('sports.slip.totalStake')}</span>
              <strong>{formatMoney(totals.stake, locale)}</strong>
            </div>
            <div className="sp-line sp-line--win">
              <span>{t('sports.slip.potentialWin')}</span>
              <strong data-testid="sp-potential">{formatMoney(totals.win, locale)}</strong>
            </div>
            {block && block !== 'changed' && block !== 'empty' && (
              <p className="sp-muted sp-slip__why">{t(`sports.slip.block.${block}`)}</p>
            )}
            {!player ? (
              <Button block to={loginTo}>
                {t('sports.slip.login')}
              </Button>
            ) : block === 'changed' ? (
              <Button block color="warning" onClick={() => slip.accept()} data-testid="sp-accept-changes">
                {t('sports.slip.acceptChanges', { n: changed.length })}
              </Button>
            ) : (
              <Button
                block
                loading={busy}
                disabled={block !== null}
                onClick={() => void place()}
                data-testid="sp-place"
              >
                {t('sports.slip.place', { amount: formatMoney(totals.stake, locale) })}
              </Button>
            )}
            <div className="sp-slip__links">
              <button type="button" className="sp-link" onClick={() => slip.clear()}>
                {t('sports.slip.clear')}
              </button>
              <Link className="sp-link" to={localizePath('/sportschange', locale)}>
                {t('sports.prefs.title')}
              </Link>
            </div>
          </div>
        </>
      )}
    </div>
  );
}
