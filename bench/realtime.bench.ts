// Benchmark: 5,000 concurrent Pusher-protocol clients on loopback subscribed to one public channel, 10
// broadcasts a second for 60 s through the signed HTTP publish API. Measures delivery latency (publish call to
// client receipt) p50/p99, server memory per connection (RSS growth / connections) and dropped connections.
// Targets: p99 <= 100 ms, <= 20 KB per connection, no dropped connection.
// The clients are spread over BENCH_WORKERS worker threads (realtime-clients.mjs) so that reading 50,000 frames a
// second is not what is measured; stamps and receipt times use the machine's monotonic clock (process.hrtime).
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { startServer } from '../e2e/support/server';
import { record } from './lib';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = 10;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function run() {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const workers: Worker[] = [];
  try {
    const pid = (JSON.parse(fs.readFileSync(path.join(server.dataDir, 'server.json'), 'utf8')) as { pid: number }).pid;
    const cred = JSON.parse(server.ops('realtime:credentials', '--host', '127.0.0.1').out) as {
      appId: string;
      key: string;
      secret: string;
    };
    // Warm the server (JIT, tenant cache) and let the heap settle before the baseline.
    await fetch(`${server.url}/api/site-config`);
    await new Promise((r) => setTimeout(r, 1000));
    const baseKb = rssKb(pid);

    const url = `ws://127.0.0.1:${server.port}/app/${cred.key}?protocol=7&client=js&version=8.6.0`;
    const shares = Array.from(
      { length: WORKERS },
      (_, w) => Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0),
    );
    await Promise.all(
      shares.map(
        (count) =>
          new Promise<void>((resolve, reject) => {
            const w = new Worker(new URL('./realtime-clients.mjs', import.meta.url), {
              workerData: { url, count, channel: 'chat.30' },
            });
            workers.push(w);
            w.once('message', () => resolve());
            w.once('error', reject);
          }),
      ),
    );
    const subscribed = CLIENTS;
    await new Promise((r) => setTimeout(r, 2000));
    const connectedKb = rssKb(pid);

    const publish = async () => {
      const body = JSON.stringify({
        name: 'tick',
        channel: 'chat.30',
        data: JSON.stringify({ t: nowMs() }),
      });
      const params: Record<string, string> = {
        auth_key: cred.key,
        auth_timestamp: String(Math.floor(Date.now() / 1000)),
        auth_version: '1.0',
        body_md5: createHash('md5').update(body).digest('hex'),
      };
      const p = `/apps/${cred.appId}/events`;
      const q = Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('&');
      const sig = createHmac('sha256', cred.secret).update(`POST\n${p}\n${q}`).digest('hex');
      const res = await fetch(`${server.url}${p}?${q}&auth_signature=${sig}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
    };

    let sent = 0;
    let peakKb = connectedKb;
    const start = Date.now();
    while (Date.now() - start < SECONDS * 1000) {
      const due = start + sent * (1000 / RATE);
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await publish();
      sent++;
      if (sent % RATE === 0) peakKb = Math.max(peakKb, rssKb(pid));
    }
    await new Promise((r) => setTimeout(r, 2000));

    const reports = await Promise.all(
      workers.map(
        (w) =>
          new Promise<{ latencies: Float64Array; dropped: number }>((resolve) => {
            w.once('message', (m) => resolve(m));
            w.postMessage({ type: 'stop' });
          }),
      ),
    );
    const latencies = reports.flatMap((r) => Array.from(r.latencies));
    const received = latencies.length;
    const dropped = reports.reduce((a, r) => a + r.dropped, 0);
    latencies.sort((a, b) => a - b);
    const expected = sent * CLIENTS;
    const perConnKb = Math.round(((connectedKb - baseKb) / CLIENTS) * 100) / 100;
    const peakPerConnKb = Math.round(((peakKb - baseKb) / CLIENTS) * 100) / 100;
    const result = {
      clients: CLIENTS,
      client_workers: WORKERS,
      // The machine is shared: a load average above its core count means the figures below are inflated.
      cpus: os.cpus().length,
      load_average_1m: Math.round(os.loadavg()[0]! * 100) / 100,
      subscribed,
      seconds: SECONDS,
      broadcasts: sent,
      deliveries_expected: expected,
      deliveries_received: received,
      dropped_connections: dropped,
      latency_ms: {
        p50: Math.round(pct(latencies, 50) * 10) / 10,
        p99: Math.round(pct(latencies, 99) * 10) / 10,
        max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
      },
      server_rss_kb: { before: baseKb, connected: connectedKb, peak: peakKb },
      kb_per_connection: perConnKb,
      kb_per_connection_at_peak: peakPerConnKb,
      targets: { p99_ms: 100, kb_per_connection: 20, dropped_connections: 0 },
      pass: {
        p99: pct(latencies, 99) <= 100,
        memory: peakPerConnKb <= 20,
        no_drops: dropped === 0 && received === expected,
      },
    };
    record(
      'realtime',
      result,
      `realtime: ${CLIENTS} clients, ${sent} broadcasts in ${SECONDS} s | latency p50 ${result.latency_ms.p50} ms ` +
        `p99 ${result.latency_ms.p99} ms | ${perConnKb} KB/conn (peak ${peakPerConnKb}) | ` +
        `delivered ${received}/${expected}, dropped ${dropped}`,
    );
  } finally {
    for (const w of workers) await w.terminate();
    await server.stop();
  }
}
