import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { translateList, useLocale, useT } from '../../../shared/lib/i18n';
import type { Locale } from '../../../shared/lib/locale';
import { localizePath } from '../../../shared/lib/locale';
import { formatMoney } from '../../../shared/lib/money';
import { formatMultiplier, formatNumber, formatPercent, formatRtp } from '../../../shared/lib/numbers';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { Tabs } from '../../../shared/ui';
import { LIMITS } from '../api/types';
import { GameIcon } from '../components/game-icon';
import { SoundToggle } from '../components/game-layout';
import { rtpOf } from '../lib/catalog';
import type { MpBet, MpChain, MpGame, MpPastRound } from './api';
import { myMpBets } from './api';
import { tileColor } from './curve';
import { checkRound, type RoundCheck } from './verify';

export const fmtX = (m: number, locale: Locale) => formatMultiplier(m, {}, locale);

/** Colour class of a crash point in the history strip. */
const crashTone = (m: number) => (m < 2 ? 'low' : m < 10 ? 'mid' : 'high');

export function HistoryStrip({ game, rounds }: { game: MpGame; rounds: MpPastRound[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <ol className="mp-strip" aria-label={t('mp.history')} data-testid="mp-history">
      {rounds.slice(0, 20).map((r) =>
        r.status === 'refunded' ? (
          <li key={r.id} className="mp-pill mp-pill--void" title={`#${r.number}`}>
            —
          </li>
        ) : game === 'crash' ? (
          <li key={r.id} className={`mp-pill mp-pill--${crashTone(r.crash_point ?? 1)}`} title={`#${r.number}`}>
            {fmtX(r.crash_point ?? 1, locale)}
          </li>
        ) : (
          <li key={r.id} className={`mp-tile mp-tile--${tileColor(r.roll ?? 0)} mp-tile--sm`} title={`#${r.number}`}>
            {r.roll === 0 ? '★' : r.roll}
          </li>
        ),
      )}
    </ol>
  );
}

export function PlayersList({ bets, game }: { bets: MpBet[]; game: MpGame }) {
  const t = useT();
  const locale = useLocale();
  const total = bets.reduce((s, b) => s + b.amount, 0);
  return (
    <div className="mp-players" data-testid="mp-players">
      <div className="mp-players__head">
        <span>
          {t('mp.players')} ({bets.length})
        </span>
        <span>
          {t('mp.total')}: {formatMoney(total)}
        </span>
      </div>
      {bets.length === 0 ? <p className="og-muted">{t('mp.noPlayers')}</p> : null}
      <ul>
        {bets.map((b) => (
          <li key={b.id} className={`mp-player is-${b.status}${b.mine ? ' is-mine' : ''}`}>
            <span className="mp-player__name">
              {game === 'double' && b.color ? <i className={`mp-dot mp-dot--${b.color}`} /> : null}
              {b.user}
              {b.mine ? ` (${t('mp.you')})` : ''}
            </span>
            <span>{formatMoney(b.amount)}</span>
            <span className="mp-player__res">
              {b.status === 'won'
                ? `${game === 'crash' && b.cashout ? `${fmtX(b.cashout, locale)} · ` : ''}+${formatMoney(b.payout)}`
                : b.status === 'open'
                  ? '…'
                  : t(`mp.status.${b.status}`)}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function MyBets({ game }: { game: MpGame }) {
  const t = useT();
  const locale = useLocale();
  const q = useQuery({ queryKey: ['originals', 'mp-bets', game], queryFn: () => myMpBets(game) });
  const rows = q.data?.data ?? [];
  if (!rows.length) return <p className="og-muted">{t('mp.noBets')}</p>;
  return (
    <table className="mp-table">
      <thead>
        <tr>
          <th>{t('mp.col.round')}</th>
          <th>{t('mp.col.bet')}</th>
          <th>{t('mp.col.result')}</th>
          <th>{t('mp.col.payout')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((b) => (
          <tr key={b.id} className={`is-${b.status}`}>
            <td>#{b.round_number}</td>
            <td>
              {formatMoney(b.amount)}
              {b.color ? ` · ${t(`mp.double.${b.color}`)}` : ''}
              {b.auto_cashout ? ` · ${fmtX(b.auto_cashout, locale)}` : ''}
            </td>
            <td>
              {b.crash_point !== undefined ? fmtX(b.crash_point, locale) : b.roll !== undefined ? b.roll : '…'}
              {b.cashout ? ` (${fmtX(b.cashout, locale)})` : ''}
            </td>
            <td>{b.status === 'won' ? formatMoney(b.payout) : t(`mp.status.${b.status}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function verifierLink(game: MpGame, r: MpPastRound, chain: MpChain) {
  const q = new URLSearchParams({
    game,
    round_hash: r.hash,
    number: String(r.number),
    terminating: chain.terminating_hash,
    salt: chain.salt,
  });
  return `/fairness?${q}`;
}

function MpFairness({ game, chain, history }: { game: MpGame; chain: MpChain | null; history: MpPastRound[] }) {
  const t = useT();
  const locale = useLocale();
  const [checks, setChecks] = useState<Record<number, RoundCheck | null>>({});
  if (!chain) return <p className="og-muted">…</p>;
  const rounds = history.filter((r) => r.chain_id === chain.id).slice(0, 10);
  return (
    <div className="og-fair mp-fair" data-testid="mp-fairness">
      <p className="og-muted">{t('mp.fair.intro')}</p>
      <div className="og-kv">
        <span className="og-label">{t('mp.fair.terminating')}</span>
        <code className="og-code" data-testid="mp-terminating">
          {chain.terminating_hash}
        </code>
      </div>
      <div className="og-kv">
        <span className="og-label">{t('mp.fair.salt')}</span>
        <code className="og-code" data-testid="mp-salt">
          {chain.salt}
        </code>
      </div>
      <p className="og-muted">
        {t('mp.fair.length')}: {formatNumber(chain.length, {}, locale)} ·{' '}
        {t('mp.fair.published', {
          date: new Date(chain.created_at).toLocaleString(locale === 'en' ? 'en-US' : 'pt-BR'),
        })}
      </p>
      <p className="og-muted mp-formula">{t(`mp.fair.formula.${game}`)}</p>
      <p>{t('mp.fair.verifyAll')}</p>
      <ul className="mp-verify">
        {rounds.map((r) => {
          const c = checks[r.id];
          const result =
            c?.crashPoint !== undefined ? fmtX(c.crashPoint, locale) : c?.roll !== undefined ? String(c.roll) : '';
          const shown = game === 'crash' ? fmtX(r.crash_point ?? 1, locale) : String(r.roll);
          const ok = c ? c.chainOk && result === shown : null;
          return (
            <li key={r.id}>
              <span className="mp-verify__n">#{r.number}</span>
              <span className="mp-verify__res">{shown}</span>
              <code className="mp-verify__hash">{r.hash.slice(0, 16)}…</code>
              {c === undefined ? (
                <button
                  type="button"
                  className="og-mini"
                  data-testid="mp-verify-round"
                  onClick={() =>
                    setChecks((s) => ({
                      ...s,
                      [r.id]: checkRound(game, {
                        hash: r.hash,
                        number: r.number,
                        terminating: chain.terminating_hash,
                        salt: chain.salt,
                      }),
                    }))
                  }
                >
                  {t('mp.fair.verify')}
                </button>
              ) : (
                <span className={ok ? 'og-ok' : 'og-bad'} data-testid="mp-verify-result">
                  {ok ? t('mp.fair.ok', { n: r.number, r: result }) : t('mp.fair.bad', { n: r.number })}
                </span>
              )}
              <Link className="og-link mp-verify__link" to={localizePath(verifierLink(game, r, chain), locale)}>
                ↗
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function MpRules({ game, maxProfit }: { game: MpGame; maxProfit?: number }) {
  const t = useT();
  const locale = useLocale();
  const lines = translateList(locale, `mp.rulesText.${game}`).map((l) =>
    l.replace('{max}', formatMoney(maxProfit ?? 0)).replace('{rtp}', formatRtp(rtpOf(game), locale)),
  );
  const rows =
    game === 'crash'
      ? [1.5, 2, 3, 5, 10, 100].map((m) => ({
          k: fmtX(m, locale),
          p: formatPercent(99 / m, { min: 0, max: 2 }, locale),
          x: fmtX(m, locale),
        }))
      : [
          { k: t('mp.double.red'), p: formatPercent((7 / 15) * 100, {}, locale), x: '2x' },
          { k: t('mp.double.black'), p: formatPercent((7 / 15) * 100, {}, locale), x: '2x' },
          { k: t('mp.double.white'), p: formatPercent((1 / 15) * 100, {}, locale), x: '14x' },
        ];
  return (
    <div className="mp-rules" data-testid="mp-rules">
      <ul>
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <table className="mp-table mp-paytable">
        <thead>
          <tr>
            <th>{t('mp.paytable.outcome')}</th>
            <th>{t('mp.paytable.chance')}</th>
            <th>{t('mp.paytable.pays')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.k}>
              <td>{r.k}</td>
              <td>{r.p}</td>
              <td>{r.x}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="og-muted">{t('mp.rulesText.restart')}</p>
      <p className="og-muted">
        {t('originals.controls.limits', {
          min: formatMoney(LIMITS.minBet),
          max: formatMoney(LIMITS.maxBet),
          maxWin: formatMoney(LIMITS.maxWin),
        })}
      </p>
    </div>
  );
}

/** A multiplayer game page: header, live stage + controls, then rules, the player's bets and the chain. */
export function MpLayout({
  game,
  stage,
  controls,
  balance,
  chain,
  history,
  maxProfit,
}: {
  game: MpGame;
  stage: ReactNode;
  controls: ReactNode;
  balance: number | null;
  chain: MpChain | null;
  history: MpPastRound[];
  maxProfit?: number;
}) {
  const t = useT();
  const locale = useLocale();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState('rules');
  return (
    <div className={`og-page mp-page mp-${game}`}>
      <header className="og-head">
        <Link to={localizePath('/originals', locale)} className="og-back" aria-label={t('originals.brand')}>
          ‹
        </Link>
        <span className={`og-head__icon og-hue-${game}`}>
          <GameIcon code={game} size={28} />
        </span>
        <h1 className="og-title">{t(`originals.games.${game}.name`)}</h1>
        <span className="mp-live">{t('mp.live')}</span>
        <span className="og-head__spacer" />
        {balance !== null ? (
          <span className="og-balance" data-testid="og-balance">
            {t('originals.controls.balance')}: <strong>{formatMoney(balance)}</strong>
          </span>
        ) : null}
        <SoundToggle />
      </header>
      <div className="og-game">
        <section className="og-stage mp-stage">{stage}</section>
        <aside className="og-controls" data-fab-clear>
          {controls}
        </aside>
      </div>
      <div className="og-tabs">
        <Tabs
          value={tab}
          onChange={setTab}
          items={[
            { id: 'rules', label: t('mp.rules'), content: <MpRules game={game} maxProfit={maxProfit} /> },
            ...(loggedIn ? [{ id: 'mine', label: t('mp.myBets'), content: <MyBets game={game} /> }] : []),
            {
              id: 'fairness',
              label: t('mp.fairness'),
              content: <MpFairness game={game} chain={chain} history={history} />,
            },
          ]}
        />
      </div>
    </div>
  );
}
