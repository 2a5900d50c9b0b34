import { listParkedEvents, readConsumerStatus, retryParkedEvents } from '../platform/events/index';
import { type Command, UsageError } from './commands';
import { flag } from './flags';

const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

/** The event bus seen by an operator: each consumer's lag, the events it parked, and retrying them. */
export const EVENTS_COMMANDS: Record<string, Command> = {
  'events:status': {
    usage: 'events:status',
    summary: "each event consumer's position, lag (events and seconds), retrying and parked events",
    async run({ db }) {
      const rows = await readConsumerStatus(db);
      if (rows.length === 0) return 'no event consumer has registered yet';
      return table([
        ['consumer', 'position', 'lag_events', 'lag_seconds', 'retrying', 'parked'],
        ...rows.map((r) => [
          r.consumer,
          r.position,
          String(r.lagEvents),
          r.lagSeconds.toFixed(1),
          String(r.retrying),
          String(r.parked),
        ]),
      ]);
    },
  },
  'events:failed': {
    usage: 'events:failed [--consumer NAME] [--limit N]',
    summary: 'events a consumer kept failing on (parked), with the last error',
    async run({ db }, args) {
      const consumer = typeof args.flags.consumer === 'string' ? args.flags.consumer : undefined;
      const rawLimit = typeof args.flags.limit === 'string' ? args.flags.limit : undefined;
      if (rawLimit !== undefined && !/^\d{1,6}$/.test(rawLimit))
        throw new UsageError(`--limit must be a whole number\nusage: ${this.usage}`);
      const rows = await listParkedEvents(db, { consumer, limit: rawLimit ? Number(rawLimit) : undefined });
      if (rows.length === 0) return 'no parked events';
      return rows
        .map(
          (r) =>
            `${r.consumer} event ${r.eventId} ${r.name} tenant ${r.tenantId} user ${r.userId ?? '-'}: ` +
            `${r.attempts} attempts, last error: ${r.lastError}`,
        )
        .join('\n');
    },
  },
  'events:retry': {
    usage: 'events:retry --consumer NAME [--event ID]   (without --event: every parked event of that consumer)',
    summary: 'deliver parked events to their consumer again, with a fresh set of attempts',
    async run({ db }, args) {
      const consumer = flag(args, 'consumer', this.usage);
      const raw = args.flags.event;
      if (raw !== undefined && (typeof raw !== 'string' || !/^\d{1,18}$/.test(raw)))
        throw new UsageError(`--event must be an event id\nusage: ${this.usage}`);
      const n = await retryParkedEvents(db, { consumer, eventId: raw === undefined ? undefined : Number(raw) });
      return `${n} event(s) of ${consumer} due again`;
    },
  },
};
