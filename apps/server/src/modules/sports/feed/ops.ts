import { type Command, type Parsed, table, UsageError } from '../../../platform/ops';
import { findTenantByHost } from '../../tenants/index';
import { DeskRefusal, holdEvent } from '../betting/desk';

const EVENTS_USAGE = 'sports:events [--host H] [--live] [--all]';
const SUSPEND_USAGE = 'sports:suspend --event ID [--resume]';

type Row = {
  id: number;
  tenant_id: number;
  tournament: string;
  home: string;
  away: string;
  starts_at: Date;
  status: string;
  period: string;
  minute: number;
  score_home: number;
  score_away: number;
  operator_hold: boolean;
  bet_stop_until: Date | null;
  heartbeat_at: Date | null;
  active: number;
  markets: number;
  version: number;
};

function eventId(args: Parsed, usage: string): number {
  const v = args.flags.event;
  if (typeof v !== 'string' || !/^\d{1,15}$/.test(v))
    throw new UsageError(`--event needs an event id\nusage: ${usage}`);
  return Number(v);
}

/** The feed's operator commands: the book's events at a glance, and a hold on an event's markets. */
export const FEED_COMMANDS: Record<string, Command> = {
  'sports:events': {
    usage: EVENTS_USAGE,
    summary:
      'the open events (live first, then by kick-off; --all adds ended ones): score, clock, markets open, the feed heartbeat and holds',
    async run({ db }, args) {
      let tenantId: number | null = null;
      if (args.flags.host !== undefined) {
        const host = String(args.flags.host).toLowerCase();
        const t = await findTenantByHost(db, host);
        if (!t) throw new UsageError(`no tenant is served from ${host}\nusage: ${EVENTS_USAGE}`);
        tenantId = t.id;
      }
      const live = args.flags.live !== undefined;
      const all = args.flags.all !== undefined;
      const { rows } = await db.query<Row>(
        `select e.id, e.tenant_id, t.name->>'pt' as tournament, h.name as home, a.name as away, e.starts_at, e.status,
            e.period, e.minute, e.score_home, e.score_away, e.operator_hold, e.bet_stop_until, e.heartbeat_at,
            e.version,
            (select count(*)::int from sports_markets m where m.event_id = e.id and m.status = 'active') as active,
            (select count(*)::int from sports_markets m where m.event_id = e.id and m.status <> 'deactivated') as markets
          from sports_events e
          join sports_tournaments t on t.id = e.tournament_id
          join sports_competitors h on h.id = e.home_id
          join sports_competitors a on a.id = e.away_id
          where ($1::bigint is null or e.tenant_id = $1)
            and (case when $2 then e.status = 'live'
                      when $3 then true
                      else e.status in ('not_started', 'live') end)
          order by (e.status = 'live') desc, e.starts_at, e.id
          limit 200`,
        [tenantId, live, all],
      );
      const now = Date.now();
      return table(
        rows.map((r) => ({
          id: r.id,
          tenant: r.tenant_id,
          tournament: r.tournament,
          match: `${r.home} x ${r.away}`,
          starts: r.starts_at.toISOString().slice(0, 16).replace('T', ' '),
          status: r.status,
          clock: r.status === 'live' ? `${r.period} ${r.minute}'` : '',
          score: r.status === 'not_started' ? '' : `${r.score_home}-${r.score_away}`,
          markets: `${r.active}/${r.markets}`,
          stop: r.operator_hold
            ? 'operator'
            : r.bet_stop_until && r.bet_stop_until.getTime() > now
              ? 'bet stop'
              : r.heartbeat_at && now - r.heartbeat_at.getTime() > 60_000
                ? 'feed quiet'
                : '',
          version: r.version,
        })),
      );
    },
  },
  'sports:suspend': {
    usage: SUSPEND_USAGE,
    summary:
      "suspend every market of an event until resumed (the feed's prices keep coming but nothing reopens), or --resume it",
    async run({ db }, args) {
      const id = eventId(args, SUSPEND_USAGE);
      const resume = args.flags.resume !== undefined;
      let r: { name: string; changed: number };
      try {
        r = await holdEvent(db, { eventId: id, resume });
      } catch (err) {
        if (err instanceof DeskRefusal)
          throw new UsageError(err.code === 'not_found' ? `${err.message}\nusage: ${SUSPEND_USAGE}` : err.message);
        throw err;
      }
      const n = r.changed;
      return resume ? `${r.name}: resumed, ${n} markets open again` : `${r.name}: held, ${n} markets suspended`;
    },
  },
};
