import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import type { MpBet, MpGame, MpPastRound, MpRound, MpState } from './api';
import { getMpState } from './api';

type BetEvent = { id: number; bet: MpBet };
type CashoutsEvent = { id: number; bets: Pick<MpBet, 'id' | 'cashout' | 'payout' | 'status'>[] };

export type Phase = 'loading' | 'idle' | 'betting' | 'running' | 'ended';

export type LiveState = {
  state: MpState | null;
  phase: Phase;
  round: MpRound | null;
  bets: MpBet[];
  history: MpPastRound[];
  /** The round that just ended (crash point / roll shown during the pause). */
  last: MpPastRound | null;
  /** Server clock minus this browser's clock (ms). */
  offset: number;
  /** Crash: the last tick's elapsed time and when it arrived (performance.now()), for interpolation. */
  tick: { elapsed: number; at: number } | null;
};

const mergeCashouts = (bets: MpBet[], upd: CashoutsEvent['bets']) =>
  bets.map((b) => {
    const u = upd.find((x) => x.id === b.id);
    // Crash events carry hundredths; state carries the multiplier.
    return u ? { ...b, status: u.status, payout: u.payout, cashout: u.cashout === null ? null : u.cashout / 100 } : b;
  });

/**
 * The live state of a multiplayer game: loaded from GET /originals/{game}/state, then kept current by the public
 * realtime channel `originals.{game}` (round opened, bets, start, ticks, cash-outs, crash / roll).
 */
export function useMpGame(game: MpGame) {
  const qc = useQueryClient();
  const generation = useRealtime((s) => s.generation);
  const [live, setLive] = useState<LiveState>({
    state: null,
    phase: 'loading',
    round: null,
    bets: [],
    history: [],
    last: null,
    offset: 0,
    tick: null,
  });
  const liveRef = useRef(live);
  liveRef.current = live;
  /** The round id the page last reloaded its state for, after an event of a round it did not know. */
  const resyncedFor = useRef<number | null>(null);

  const load = useCallback(async () => {
    const t0 = Date.now();
    const s = await getMpState(game);
    const offset = Date.parse(s.server_time) - (t0 + Date.now()) / 2;
    setLive((prev) => ({
      ...prev,
      state: s,
      offset,
      round: s.round,
      bets: s.bets,
      history: s.history,
      phase: s.round ? s.round.status : prev.last ? 'ended' : 'idle',
      tick:
        s.round?.status === 'running' && typeof s.round.elapsed_ms === 'number'
          ? { elapsed: s.round.elapsed_ms, at: performance.now() }
          : null,
    }));
  }, [game]);

  useEffect(() => {
    void load().catch(() => setLive((p) => ({ ...p, phase: 'idle' })));
  }, [load]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-subscribe when the connection is rebuilt
  useEffect(() => {
    let cancelled = false;
    let leave: (() => void) | null = null;
    const channelName = `originals.${game}`;
    void getEcho().then((echo) => {
      if (cancelled) return;
      const ch = echo.channel(channelName);
      const on = (event: string, fn: (d: never) => void) => ch.listen(`.${game}.${event}`, fn);
      on(
        'round',
        (d: { id: number; number: number; chain_id: number; betting_ends_at: string; server_time: string }) => {
          const offset = Date.parse(d.server_time) - Date.now();
          setLive((p) => ({
            ...p,
            offset,
            phase: 'betting',
            round: { ...d, status: 'betting', started_at: null },
            bets: [],
            tick: null,
          }));
        },
      );
      on('bet', (d: BetEvent) =>
        setLive((p) =>
          p.round?.id === d.id && !p.bets.some((b) => b.id === d.bet.id) ? { ...p, bets: [...p.bets, d.bet] } : p,
        ),
      );
      // A start or tick of a round this page does not know (its announcement came before the subscription, or the
      // connection dropped for a while): reload the state once for that round instead of ignoring the whole round.
      const resync = (id: number) => {
        if (resyncedFor.current === id || liveRef.current.round?.id === id) return;
        resyncedFor.current = id;
        void load().catch(() => {});
      };
      on('start', (d: { id: number; started_at: string; force_point: number | null }) => {
        resync(d.id);
        setLive((p) =>
          p.round?.id === d.id
            ? {
                ...p,
                phase: 'running',
                round: { ...p.round, status: 'running', started_at: d.started_at, force_point: d.force_point },
                tick: { elapsed: 0, at: performance.now() },
              }
            : p,
        );
      });
      on('tick', (d: { id: number; elapsed_ms: number }) => {
        resync(d.id);
        setLive((p) =>
          p.round?.id === d.id ? { ...p, phase: 'running', tick: { elapsed: d.elapsed_ms, at: performance.now() } } : p,
        );
      });
      on('cashouts', (d: CashoutsEvent) =>
        setLive((p) => (p.round?.id === d.id ? { ...p, bets: mergeCashouts(p.bets, d.bets) } : p)),
      );
      const ended = (d: MpPastRound & { bets?: CashoutsEvent['bets'] }) => {
        setLive((p) => {
          const past: MpPastRound = {
            id: d.id,
            number: d.number,
            chain_id: d.chain_id,
            status: 'ended',
            hash: d.hash,
            crash_point: d.crash_point,
            roll: d.roll,
            color: d.color,
            ended_at: new Date().toISOString(),
          };
          const bets = mergeCashouts(p.bets, d.bets ?? []).map((b) =>
            b.status === 'open' ? { ...b, status: 'lost' as const } : b,
          );
          return { ...p, phase: 'ended', last: past, bets, history: [past, ...p.history].slice(0, 30) };
        });
        void qc.invalidateQueries({ queryKey: ['originals', 'mp-bets', game] });
      };
      on('crash', ended);
      on('roll', ended);
      on('refunded', () => void load());
      on('chain', () => void load());
      leave = () => echo.leaveChannel(channelName);
    });
    return () => {
      cancelled = true;
      leave?.();
    };
  }, [game, generation, load, qc]);

  return { live, reload: load, liveRef };
}
