// Benchmark: Crash with 1,000 simulated players connected over the Pusher protocol (websocket clients on
// loopback subscribed to the public channel `originals.crash`) while the real server (as `npm start` runs it, PGlite)
// drives the demo tenant's rounds, and BENCH_BETTORS players bet every round with random automatic cash-outs (so
// ticks carry cash-out work). Measures tick delivery latency: the tick's server_time (stamped when the engine emits
// it) to receipt by each client, p50/p99/max, plus the interval between consecutive ticks seen by one client.
// Target: tick delivery p99 <= 50 ms.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { freePort, ROOT, type RunningServer, startServer } from '../e2e/support/server';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';
import { BENCH_DB_URL, record } from './lib';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const BETTORS = Number(process.env.BENCH_BETTORS ?? 20);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);
/** postgres (default: the server as deployed, on BENCH_DATABASE_URL / the test PostgreSQL) or pglite (npm start). */
const DB = process.env.BENCH_DB ?? 'postgres';
const DB_URL = BENCH_DB_URL;

type Sql = { query(text: string): Promise<unknown>; close(): Promise<void> };
const { openPostgres } = (await import(new URL('../apps/server/src/platform/db/index.ts', import.meta.url).href)) as {
  openPostgres(url: string): Promise<Sql>;
};

/** The real server process on PostgreSQL, in a private schema dropped afterwards (startServer runs PGlite). */
async function startOnPostgres(): Promise<RunningServer> {
  const schema = `bench_crash_${randomBytes(4).toString('hex')}`;
  const admin = await openPostgres(DB_URL);
  await admin.query(`create schema ${schema}`);
  await admin.close();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-bench-'));
  const url = new URL(DB_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'error',
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error('server did not become ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: base,
    port,
    dataDir,
    ops(...argv) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...argv], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      return { code: r.status ?? 1, out: `${r.stdout}${r.stderr}` };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      const a = await openPostgres(DB_URL);
      await a.query(`drop schema ${schema} cascade`);
      await a.close();
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const NAMES = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fabio', 'Gabi', 'Hugo', 'Iara', 'Joao'];
const round1 = (x: number) => Math.round(x * 10) / 10;

function cpf(): string {
  const d = Array.from({ length: 9 }, () => randomInt(10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    let s = 0;
    for (let i = 0; i < len; i++) s += d[i]! * (len + 1 - i);
    const r = (s * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

export async function run() {
  const server = DB === 'pglite' ? await startServer({ LOG_LEVEL: 'error' }) : await startOnPostgres();
  const sockets: WebSocket[] = [];
  let stopBetting = false;
  try {
    const api = async (token: string | null, method: string, path: string, body?: unknown, h = {}) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          // Each simulated player from its own address (the server trusts loopback as a proxy).
          'x-forwarded-for': `10.9.${randomInt(250)}.${1 + randomInt(250)}`,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...h,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
    };
    const player = async (i: number) => {
      const phone = `119${String(40_000_000 + i * 7919 + randomInt(7000)).padStart(8, '0')}`;
      await api(null, 'POST', '/auth/verify-code', { phone });
      const outbox = (await (
        await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(`+55${phone}`)}`)
      ).json()) as { code: string }[];
      const reg = await api(null, 'POST', '/auth/register', {
        name: `Jogador ${NAMES[i % NAMES.length]}`,
        username: phone,
        email: `c${phone}@ex.com`,
        password: 'senha-forte-1',
        password_confirmation: 'senha-forte-1',
        birth_date: '1990-05-17',
        cpf: cpf(),
        code: outbox[0]?.code,
        terms: true,
        age_confirmed: true,
      });
      const token = reg.body.token as string;
      if (!token) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
      const charge = await api(token, 'POST', '/main-gateway/qrcode-pix', { amount: 100_000 });
      await api(token, 'POST', `/dev/pix/${String(charge.body.txid)}/pay`, {});
      return token;
    };
    const bettors: string[] = [];
    for (let i = 0; i < BETTORS; i++) bettors.push(await player(i));

    const cred = JSON.parse(server.ops('realtime:credentials', '--host', '127.0.0.1').out) as { key: string };
    const latencies: number[] = [];
    const intervals: number[] = [];
    let rounds = 0;
    let cashouts = 0;
    let dropped = 0;
    let measuring = false;
    const wsUrl = `ws://127.0.0.1:${server.port}/app/${cred.key}?protocol=7&client=js&version=8.6.0`;
    // The players' sockets live in worker threads (as real players are separate machines), so the clients' own
    // event loop does not queue one tick's 1,000 frames behind each other in a single thread.
    const workers = Array.from({ length: WORKERS }, (_, w) => {
      const count = Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0);
      return new Worker(new URL('./crash-clients.mjs', import.meta.url), {
        workerData: { url: wsUrl, count },
      });
    });
    const ask = <T>(w: Worker, cmd: string) =>
      new Promise<T>((resolve, reject) => {
        w.once('message', resolve);
        w.once('error', reject);
        w.postMessage(cmd);
      });
    await Promise.all(workers.map((w) => ask(w, 'connect')));
    // One observer socket in this thread: tick intervals, rounds and cash-outs.
    let lastTick: { id: number; at: number } | null = null;
    let onRound = (_roundId: number) => {};
    const observer = new WebSocket(wsUrl);
    sockets.push(observer);
    await new Promise<void>((resolve) => {
      observer.on('message', (raw) => {
        const now = Date.now();
        const msg = JSON.parse(raw.toString()) as { event: string; data: string };
        if (msg.event === 'pusher:connection_established')
          observer.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'originals.crash' } }));
        else if (msg.event === 'pusher_internal:subscription_succeeded') resolve();
        else if (msg.event === 'crash.round') onRound((JSON.parse(msg.data) as { id: number }).id);
        else if (!measuring) return;
        else if (msg.event === 'crash.tick') {
          const id = (JSON.parse(msg.data) as { id: number }).id;
          if (lastTick?.id === id) intervals.push(now - lastTick.at);
          lastTick = { id, at: now };
        } else if (msg.event === 'crash.crash') rounds++;
        else if (msg.event === 'crash.cashouts') cashouts += (JSON.parse(msg.data) as { bets: unknown[] }).bets.length;
      });
    });

    // The bettors: one bet each when a betting window opens (told by the realtime `crash.round` event, as the
    // page is), with an automatic cash-out between 1.10x and 5.00x.
    let betsPlaced = 0;
    const pending: Promise<unknown>[] = [];
    onRound = (roundId: number) => {
      if (stopBetting) return;
      pending.push(
        Promise.all(
          bettors.map((t) =>
            api(
              t,
              'POST',
              '/originals/crash/bet',
              { amount: 100 * (1 + randomInt(20)), auto_cashout: (110 + randomInt(390)) / 100 },
              { 'idempotency-key': `bench-${roundId}-${t.slice(0, 12)}` },
            ).then((r) => {
              if (r.status === 200) betsPlaced++;
            }),
          ),
        ),
      );
    };

    measuring = true;
    for (const w of workers) w.postMessage('start');
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
    for (const r of await Promise.all(workers.map((w) => ask<{ latencies: number[]; dropped: number }>(w, 'stop')))) {
      for (const l of r.latencies) latencies.push(l);
      dropped += r.dropped;
    }
    await Promise.all(workers.map((w) => w.terminate()));
    const ticks = latencies.length;
    stopBetting = true;
    await Promise.all(pending);

    latencies.sort((a, b) => a - b);
    intervals.sort((a, b) => a - b);
    const result = {
      clients: CLIENTS,
      client_threads: WORKERS,
      seconds: SECONDS,
      bettors: BETTORS,
      bets_placed: betsPlaced,
      rounds_completed: rounds,
      auto_cashouts_broadcast: cashouts,
      ticks_delivered: ticks,
      ticks_per_client: round1(ticks / CLIENTS),
      dropped_connections: dropped,
      latency_ms: {
        p50: round1(pct(latencies, 50)),
        p90: round1(pct(latencies, 90)),
        p99: round1(pct(latencies, 99)),
        max: round1(latencies.at(-1) ?? 0),
      },
      tick_interval_ms: {
        p50: round1(pct(intervals, 50)),
        p99: round1(pct(intervals, 99)),
        max: round1(intervals.at(-1) ?? 0),
      },
      targets: { p99_ms: 50 },
      pass: { p99: pct(latencies, 99) <= 50, no_drops: dropped === 0 },
      database: DB,
      note: 'clients (worker threads), bettors and the server share one 2-core machine with other work running',
    };
    record(
      'crash',
      result,
      `crash (${DB}): ${CLIENTS} clients, ${SECONDS} s, ${rounds} rounds, ${betsPlaced} bets | tick delivery p50 ` +
        `${result.latency_ms.p50} ms p99 ${result.latency_ms.p99} ms max ${result.latency_ms.max} ms | ` +
        `tick interval p50 ${result.tick_interval_ms.p50} ms p99 ${result.tick_interval_ms.p99} ms | dropped ${dropped}`,
    );
  } finally {
    stopBetting = true;
    for (const ws of sockets) ws.terminate();
    await server.stop();
  }
}
