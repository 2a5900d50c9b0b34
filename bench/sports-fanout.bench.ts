// Benchmark (sports fan-out): 5,000 Pusher-protocol clients on loopback watching one live match's public channel
// (sports.event.{id}) while the feed moves its prices 10 times a second for 30 s. Each move is a real feed message
// through the catalog's sink (the odds_change's transaction on PostgreSQL, then the OddsChanged push after commit),
// so the latency measured is the one a player sees: feed message in to the new price on the screen's socket.
// Target: p99 <= 100 ms, every push delivered, no dropped connection.
// The clients run in BENCH_WORKERS worker threads; stamps and receipt times use the machine's monotonic clock
// (process.hrtime), the same in every thread. Each push carries the moved market's new version, which keys its
// stamp. BENCH_DATABASE_URL (default: the test PostgreSQL) in a private schema dropped afterwards.
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { BENCH_DB_URL, record, withSchemas } from './lib';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = 10;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const server = (p: string) => import(new URL(`../apps/server/src/${p}`, import.meta.url).href);

/** One client thread: opens its share of sockets, subscribes them, records (version, receipt time) per push. */
const CLIENT_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const WebSocket = require(workerData.ws);
const { url, count, channel } = workerData;
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;
const versions = [];
const times = [];
const sockets = [];
let dropped = 0;
let stopping = false;
function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    let ready = false;
    ws.on('message', (raw) => {
      const now = nowMs();
      const text = raw.toString();
      if (ready) {
        const m = /OddsChanged.*?\\\\"version\\\\":(\\d+)/.exec(text);
        if (m) { versions.push(Number(m[1])); times.push(now); }
        return;
      }
      const msg = JSON.parse(text);
      if (msg.event === 'pusher:connection_established') {
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
      } else if (msg.event === 'pusher_internal:subscription_succeeded') {
        ready = true;
        resolve();
      }
    });
    ws.on('close', (code) => {
      if (ready && !stopping) dropped++;
      if (!ready) reject(new Error('refused: ' + code));
    });
    ws.on('error', (e) => (ready ? undefined : reject(e)));
  });
}
(async () => {
  for (let i = 0; i < count; i += 100) await Promise.all(Array.from({ length: Math.min(100, count - i) }, () => open()));
  parentPort.postMessage({ type: 'ready' });
})().catch((e) => { throw e; });
parentPort.on('message', (m) => {
  if (m.type !== 'stop') return;
  stopping = true;
  const v = Float64Array.from(versions);
  const t = Float64Array.from(times);
  parentPort.postMessage({ type: 'done', versions: v, times: t, dropped }, [v.buffer, t.buffer]);
  for (const ws of sockets) ws.terminate();
});
`;

type App = {
  listen(o: { port: number; host: string }): Promise<string>;
  server: { address(): unknown };
  close(): Promise<void>;
};

export async function run() {
  await withSchemas(['bench_fan'], async ([schema]) => {
    const { buildApp } = await server('app.ts');
    const { testConfig } = await server('test/helpers.ts');
    const { openPostgres } = await server('platform/db/index.ts');
    const { seedTestEvent, TEST_RATES } = await server('modules/sports/catalog/test-support.ts');
    const { applyMessages } = await server('modules/sports/catalog/writer.ts');
    const { bookOf } = await server('modules/sports/feed/prices.ts');
    const db = await openPostgres(BENCH_DB_URL, { poolSize: 8, searchPath: schema });
    const app = (await buildApp(testConfig({ tenantCacheTtlMs: 60_000, realtimeMaxConnectionsPerIp: 100_000 }), {
      db,
    })) as App;
    const workers: Worker[] = [];
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const { rows } = await db.query("select tenant_id from tenant_hosts where host = 'localhost' limit 1");
      const tenantId = Number((rows[0] as { tenant_id: number }).tenant_id);
      const ev = await seedTestEvent(db, tenantId, { live: { minute: 20, score: [0, 0] }, feed: 'bench' });
      const oneX2 = ev.markets.find((m: { kind: string }) => m.kind === '1x2').id as number;

      const url = `ws://127.0.0.1:${port}/app/sorte-${tenantId}?protocol=7&client=js&version=8.6.0`;
      const channel = `sports.event.${ev.id}`;
      const shares = Array.from(
        { length: WORKERS },
        (_, w) => Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0),
      );
      const wsPath = new URL('../node_modules/ws/index.js', import.meta.url).pathname;
      await Promise.all(
        shares.map(
          (count) =>
            new Promise<void>((resolve, reject) => {
              const w = new Worker(CLIENT_CODE, { eval: true, workerData: { url, count, channel, ws: wsPath } });
              workers.push(w);
              w.once('message', () => resolve());
              w.once('error', reject);
            }),
        ),
      );
      await new Promise((r) => setTimeout(r, 2000));

      // Each move alternates the 1X2 margin, so exactly one market moves and its version goes up by one.
      const sentAt = new Map<number, number>();
      // How long the sink takes per message: the transaction, then the server's writes of the push to every socket.
      const applyMs: number[] = [];
      let version = 1;
      let sent = 0;
      const start = Date.now();
      while (Date.now() - start < SECONDS * 1000) {
        const due = start + sent * (1000 / RATE);
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const margins = { '1x2': sent % 2 === 0 ? 0.08 : 0.06 };
        const markets = bookOf(TEST_RATES, { live: { minute: 20, score: [0, 0] }, margins }).filter(
          (m: { kind: string }) => m.kind === '1x2',
        );
        version++;
        sentAt.set(version, nowMs());
        const pushes = await applyMessages(db, { tenantId, feed: 'bench', now: new Date() }, [
          { type: 'odds_change', event: ev.externalId, markets },
        ]);
        applyMs.push(nowMs() - sentAt.get(version)!);
        const moved = pushes[0]?.data.markets?.[0];
        if (moved?.id !== oneX2 || moved.version !== version)
          throw new Error(`unexpected push ${JSON.stringify(moved)}`);
        sent++;
      }
      await new Promise((r) => setTimeout(r, 2000));

      const reports = await Promise.all(
        workers.map(
          (w) =>
            new Promise<{ versions: Float64Array; times: Float64Array; dropped: number }>((resolve) => {
              w.once('message', (m) => resolve(m));
              w.postMessage({ type: 'stop' });
            }),
        ),
      );
      const latencies: number[] = [];
      for (const r of reports)
        for (let i = 0; i < r.versions.length; i++) {
          const at = sentAt.get(r.versions[i]!);
          if (at !== undefined) latencies.push(r.times[i]! - at);
        }
      latencies.sort((a, b) => a - b);
      const dropped = reports.reduce((a, r) => a + r.dropped, 0);
      const expected = sent * CLIENTS;
      const result = {
        clients: CLIENTS,
        client_workers: WORKERS,
        cpus: os.cpus().length,
        load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
        seconds: SECONDS,
        odds_changes: sent,
        deliveries_expected: expected,
        deliveries_received: latencies.length,
        dropped_connections: dropped,
        latency_ms: {
          p50: Math.round(pct(latencies, 50) * 10) / 10,
          p99: Math.round(pct(latencies, 99) * 10) / 10,
          max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
        },
        sink_ms: (() => {
          const a = [...applyMs].sort((x, y) => x - y);
          return { p50: Math.round(pct(a, 50) * 10) / 10, p99: Math.round(pct(a, 99) * 10) / 10 };
        })(),
        targets: { p99_ms: 100, dropped_connections: 0 },
        pass: { p99: pct(latencies, 99) <= 100, no_drops: dropped === 0 && latencies.length === expected },
      };
      record(
        'sports-fanout',
        result,
        `sports-fanout: ${CLIENTS} clients, ${sent} odds changes in ${SECONDS} s | feed message to socket p50 ` +
          `${result.latency_ms.p50} ms p99 ${result.latency_ms.p99} ms | delivered ${latencies.length}/${expected}, ` +
          `dropped ${dropped} | sink p50 ${result.sink_ms.p50} ms p99 ${result.sink_ms.p99} ms | load ${result.load_average_1m}`,
      );
    } finally {
      for (const w of workers) await w.terminate();
      await app.close();
      await db.close();
    }
  });
}
