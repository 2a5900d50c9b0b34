import type { Db } from '../../../platform/db/index';
import { type Push, sendPushes, setMarketsStatus } from '../catalog/writer';

/**
 * The heartbeat watchdog, independent of any feed: a feed that stops talking (a crashed simulator, a provider's
 * outage) may be missing goals, so every market of an open event whose last message is older than `quietMs` is
 * suspended. A feed that never sent a heartbeat (a test's, one fed by hand) is not watched. The feed reopens the
 * markets itself with its next prices (the simulator resends them; a real provider's recovery does the same).
 */
export async function suspendQuietEvents(db: Db, now: Date, quietMs: number): Promise<number> {
  const { rows } = await db.query<{ id: number; tenant_id: number }>(
    `select e.id, e.tenant_id from sports_events e
      where e.status in ('not_started', 'live') and e.heartbeat_at < $1
        and exists (select 1 from sports_markets m where m.event_id = e.id and m.status = 'active')
      limit 1000`,
    [new Date(now.getTime() - quietMs)],
  );
  const pushes: Push[] = [];
  for (const e of rows)
    pushes.push(...(await db.transaction((tx) => setMarketsStatus(tx, e.tenant_id, e.id, 'suspended'))));
  await sendPushes(pushes);
  return rows.length;
}

/** Whether any open event went quiet (read-only: the job's hasWork). */
export async function anyQuietEvent(db: Db, now: Date, quietMs: number): Promise<boolean> {
  const { rows } = await db.query<{ x: boolean }>(
    `select exists (select 1 from sports_events e
        where e.status in ('not_started', 'live') and e.heartbeat_at < $1
          and exists (select 1 from sports_markets m where m.event_id = e.id and m.status = 'active')) as x`,
    [new Date(now.getTime() - quietMs)],
  );
  return rows[0]!.x;
}
