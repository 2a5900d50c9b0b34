// The event bus under load: publishers write domain events (one insert each, in their own transaction, as a bet
// does) while four consumers deliver them, on PostgreSQL, with pgbench TPC-B running on the same server at the same
// time. Reports events delivered per second (all four consumers together), each consumer's lag (from the publishing
// transaction's start to the handler) at p50/p99, and TPC-B's tps alone and beside the bus.
// BENCH_DATABASE_URL (default: the test PostgreSQL); everything runs in private schemas that are dropped afterwards.
import { spawn } from 'node:child_process';
import type { DomainEventInput } from '@sorte/contracts';
import { openPostgres } from '../apps/server/src/platform/db/index';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { createEventBus, defineConsumer, publish } from '../apps/server/src/platform/events/index';
import { BENCH_DB_URL, pgbenchTps, record, tpcb, withSchemas } from './lib';

const URL = BENCH_DB_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const PUBLISHERS = Number(process.env.BENCH_PUBLISHERS ?? 8);
const CONSUMERS = 4;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** pgbench TPC-B in the background (the bus runs in this process meanwhile); resolves with its tps. */
function tpcbBeside(schema: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('pgbench', ['-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), '-n', URL], {
      env: { ...process.env, PGOPTIONS: `-c search_path=${schema}` },
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(pgbenchTps(out)) : reject(new Error(`pgbench exited ${code}`))));
  });
}

function event(i: number): DomainEventInput {
  return i % 2
    ? { name: 'wallet.balance_updated', tenantId: 1, userId: 1 + (i % 32), payload: { balance: i, bonus: 0 } }
    : {
        name: 'casino.round_settled',
        tenantId: 1,
        userId: 1 + (i % 32),
        payload: {
          provider: 'bench',
          round_id: `r${i}`,
          game_id: null,
          game: 'Bench',
          user_id: 1 + (i % 32),
          bet: 100,
          win: 0,
          multiplier: 0,
        },
      };
}

export async function run() {
  await withSchemas(['events', 'events_pgbench'], async ([s, p]) => {
    const db = await openPostgres(URL, { poolSize: PUBLISHERS + CONSUMERS + 2, searchPath: s });
    try {
      await migrate(db);
      const lags: number[][] = Array.from({ length: CONSUMERS }, () => []);
      const handled = new Array<number>(CONSUMERS).fill(0);
      const consumers = lags.map((lag, c) => {
        const handle = async (e: { createdAt: Date }) => {
          lag.push(Date.now() - e.createdAt.getTime());
          handled[c]!++;
        };
        return defineConsumer({
          name: `bench-${c + 1}`,
          handlers: { 'casino.round_settled': handle, 'wallet.balance_updated': handle },
        });
      });
      const bus = createEventBus({ db, consumers });
      await bus.register();

      const yardstick = tpcb({ url: URL, schema: p, clients: CLIENTS, seconds: SECONDS });
      yardstick.init();
      yardstick.run();
      const alone = yardstick.result().tps;

      bus.start({ intervalMs: 20 });
      let published = 0;
      let stop = false;
      const started = Date.now();
      const beside = tpcbBeside(p);
      const publishers = Array.from({ length: PUBLISHERS }, async () => {
        while (!stop) {
          const i = published++;
          await db.transaction((tx) => publish(tx, event(i)));
        }
      });
      await new Promise((r) => setTimeout(r, SECONDS * 1000));
      stop = true;
      await Promise.all(publishers);
      const publishSeconds = (Date.now() - started) / 1000;
      const deliveredInWindow = handled.reduce((a, b) => a + b, 0);
      const tpsBeside = await beside;
      await bus.stop();
      await bus.drain({ timeoutMs: 60_000 });
      const allDelivered = handled.every((n) => n === published);

      const all = lags.flat().sort((a, b) => a - b);
      const perConsumer = lags.map((l, c) => {
        const sorted = [...l].sort((a, b) => a - b);
        return {
          consumer: `bench-${c + 1}`,
          handled: handled[c],
          lag_p50_ms: pct(sorted, 0.5),
          lag_p99_ms: pct(sorted, 0.99),
        };
      });
      const result = {
        seconds: SECONDS,
        publishers: PUBLISHERS,
        consumers: CONSUMERS,
        published,
        published_per_s: Math.round(published / publishSeconds),
        delivered_per_s: Math.round(deliveredInWindow / publishSeconds),
        every_event_to_every_consumer_once: allDelivered,
        lag_p50_ms: pct(all, 0.5),
        lag_p99_ms: pct(all, 0.99),
        per_consumer: perConsumer,
        pgbench: { clients: CLIENTS, tps_alone: alone, tps_beside_bus: tpsBeside },
      };
      record(
        'events',
        result,
        `events: ${result.published_per_s} published/s, ${result.delivered_per_s} deliveries/s to ${CONSUMERS} consumers, lag p50 ${result.lag_p50_ms} ms p99 ${result.lag_p99_ms} ms, all once: ${allDelivered} | pgbench TPC-B ${alone} tps alone, ${tpsBeside} tps beside the bus`,
      );
    } finally {
      await db.close();
    }
  });
}
