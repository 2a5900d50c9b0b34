import type { EventUpdatedPush, OddsChangedPush, SportEventReply, SportEventsReply } from '@sorte/contracts';
import { SPORTS_LIVE_CHANNEL, sportsEventChannel } from '@sorte/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getEcho, useRealtime } from '../../../shared/lib/realtime';
import { sportsKeys } from '../api/keys';
import { patchDetailOdds, patchDetailState, patchSummaryOdds, patchSummaryState } from './patch';
import { slip } from './slip-store';

type Listener = { event: string; fn: (data: never) => void };

/**
 * Subscriptions to public channels counted by users: the lobby, the event page and the slip may all watch one
 * event, and the channel is left only when the last of them goes.
 */
const users = new Map<string, number>();

function watch(channel: string, listeners: Listener[]): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  users.set(channel, (users.get(channel) ?? 0) + 1);
  getEcho().then(
    (echo) => {
      if (cancelled) return;
      const ch = echo.channel(channel);
      for (const l of listeners) ch.listen(l.event, l.fn);
      stop = () => {
        for (const l of listeners) ch.stopListening(l.event, l.fn);
        const left = (users.get(channel) ?? 1) - 1;
        if (left <= 0) {
          users.delete(channel);
          echo.leave(channel);
        } else users.set(channel, left);
      };
    },
    () => {},
  );
  return () => {
    cancelled = true;
    if (stop) stop();
    else {
      const left = (users.get(channel) ?? 1) - 1;
      if (left <= 0) users.delete(channel);
      else users.set(channel, left);
    }
  };
}

function applyOdds(qc: QueryClient, push: OddsChangedPush): void {
  qc.setQueriesData<SportEventsReply>({ queryKey: sportsKeys.eventsAll }, (r) =>
    r ? { ...r, data: r.data.map((e) => patchSummaryOdds(e, push)) } : r,
  );
  qc.setQueriesData<SportEventReply>({ queryKey: sportsKeys.eventAll }, (r) =>
    r && r.event.id === push.event_id ? { event: patchDetailOdds(r.event, push) } : r,
  );
  for (const m of push.markets) slip.market(m);
}

// A match that kicks off (or ends) changes which list it belongs in: the lists are read again, once for a burst.
const RELIST_MS = 10_000;
let relistAt = 0;

function relistIfNew(qc: QueryClient, push: EventUpdatedPush): void {
  const lists = qc.getQueriesData<SportEventsReply>({ queryKey: sportsKeys.eventsAll });
  const known = lists.some(([, r]) => r?.data.some((e) => e.id === push.event_id && e.status === push.status));
  if (known || Date.now() - relistAt < RELIST_MS) return;
  relistAt = Date.now();
  setTimeout(() => void qc.invalidateQueries({ queryKey: sportsKeys.eventsAll }), 500);
}

function applyState(qc: QueryClient, push: EventUpdatedPush): void {
  relistIfNew(qc, push);
  qc.setQueriesData<SportEventsReply>({ queryKey: sportsKeys.eventsAll }, (r) =>
    r ? { ...r, data: r.data.map((e) => patchSummaryState(e, push)) } : r,
  );
  qc.setQueriesData<SportEventReply>({ queryKey: sportsKeys.eventAll }, (r) =>
    r && r.event.id === push.event_id ? { event: patchDetailState(r.event, push) } : r,
  );
  const over = push.status !== 'live' && push.status !== 'not_started';
  slip.betStop(push.event_id, Boolean(push.live?.bet_stop) || over);
}

/** Keeps the given events' prices, scores and clocks current in every cache and in the slip. */
export function useWatchEvents(ids: readonly number[]): void {
  const qc = useQueryClient();
  const generation = useRealtime((s) => s.generation);
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  useEffect(() => {
    void generation;
    if (!key) return;
    const stops = key.split(',').map((id) =>
      watch(sportsEventChannel(Number(id)), [
        { event: 'OddsChanged', fn: ((p: OddsChangedPush) => applyOdds(qc, p)) as (d: never) => void },
        { event: 'EventUpdated', fn: ((p: EventUpdatedPush) => applyState(qc, p)) as (d: never) => void },
      ]),
    );
    return () => {
      for (const s of stops) s();
    };
  }, [key, qc, generation]);
}

/** Scores, clocks and statuses of every live event (the lobby and the home strip). */
export function useWatchLive(): void {
  const qc = useQueryClient();
  const generation = useRealtime((s) => s.generation);
  useEffect(() => {
    void generation;
    return watch(SPORTS_LIVE_CHANNEL, [
      { event: 'EventUpdated', fn: ((p: EventUpdatedPush) => applyState(qc, p)) as (d: never) => void },
    ]);
  }, [qc, generation]);
}
