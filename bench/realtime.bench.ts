// Benchmark (issue 5): 5,000 concurrent Pusher-protocol clients on loopback subscribed to one public channel, 10
// broadcasts a second for 60 s through the signed HTTP publish API. Measures delivery latency (publish call to
// client receipt) p50/p99, server memory per connection (RSS growth / connections) and dropped connections.
// Targets: p99 <= 100 ms, <= 20 KB per connection, no dropped connection.
import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { startServer } from '../e2e/support/server';
import { record } from './lib';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = 10;

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function run() {
  const server = await startServer({ LOG_LEVEL: 'error' });
  const sockets: WebSocket[] = [];
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

    const latencies: number[] = [];
    let dropped = 0;
    let received = 0;
    let subscribed = 0;
    const open = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/app/${cred.key}?protocol=7&client=js&version=8.6.0`);
        sockets.push(ws);
        let ready = false;
        ws.on('message', (raw) => {
          const now = performance.timeOrigin + performance.now();
          const msg = JSON.parse(raw.toString()) as { event: string; data: string };
          if (msg.event === 'pusher:connection_established') {
            ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'chat.30' } }));
          } else if (msg.event === 'pusher_internal:subscription_succeeded') {
            subscribed++;
            ready = true;
            resolve();
          } else if (msg.event === 'tick') {
            received++;
            latencies.push(now - (JSON.parse(msg.data) as { t: number }).t);
          }
        });
        ws.on('close', () => {
          if (ready) dropped++;
        });
        ws.on('error', (e) => (ready ? undefined : reject(new Error(`client ${i}: ${e.message}`))));
      });
    for (let i = 0; i < CLIENTS; i += 100) {
      await Promise.all(Array.from({ length: Math.min(100, CLIENTS - i) }, (_, k) => open(i + k)));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const connectedKb = rssKb(pid);

    const publish = async () => {
      const body = JSON.stringify({
        name: 'tick',
        channel: 'chat.30',
        data: JSON.stringify({ t: performance.timeOrigin + performance.now() }),
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

    latencies.sort((a, b) => a - b);
    const expected = sent * CLIENTS;
    const perConnKb = Math.round(((connectedKb - baseKb) / CLIENTS) * 100) / 100;
    const peakPerConnKb = Math.round(((peakKb - baseKb) / CLIENTS) * 100) / 100;
    const result = {
      clients: CLIENTS,
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
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
}
