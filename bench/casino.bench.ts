// Benchmark 6 (casino): one real server (apps/server/src/main.ts) on PostgreSQL, with 10,000 games imported through
// `npm run ops -- games:import` on top of the demo catalog.
//  1. GET /api/casinos/games with a search term and a category at 200 connections (target p99 <= 20 ms), three ways:
//     guests repeating the lobby's usual searches, guests whose every request is a different search (no page cache),
//     and a logged-in player (hasFavorite filled from the database on every request).
//  2. Provider bet+win pairs per second through the signed seamless-wallet HTTP API (/api/providers/aurora/bet and
//     /win, HMAC-signed, one round per pair), reported beside pgbench TPC-B on the same PostgreSQL in the same run
//     (target >= 0.4 of it).
// BENCH_DATABASE_URL (default: the test PostgreSQL); both runs use private schemas that are dropped afterwards.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, ROOT } from '../e2e/support/server';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';
import {
  analyzeSchema,
  BENCH_DB_URL,
  LOADGEN,
  type LoadResult,
  load,
  record,
  tpcb,
  walNow,
  walPer,
  withSchemas,
  wrkLoad,
} from './lib';

const URL = BENCH_DB_URL;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const GAMES = 10_000;
const PLAYERS = 32;
/**
 * Registered players who are not playing now (BENCH_IDLE_PLAYERS, default 10,000), each with a game session that
 * expired yesterday: a tenant's tables as a live site has them (pgbench's own yardstick has 1.6 million accounts at
 * this scale). With only the 32 players who bet, the players, accounts and sessions tables were a few pages each,
 * and the planner read them whole (sequential scans over pages full of the bets' dead row versions) where a live
 * site looks one row up by its key.
 */
const IDLE_PLAYERS = Number(process.env.BENCH_IDLE_PLAYERS ?? 10_000);
const LOBBY_CONNECTIONS = 200;
// Rounds of the lobby's mixes (each: repeated, distinct, player, then the floor); each figure is the median round's.
const LOBBY_ROUNDS = Math.max(1, Number(process.env.BENCH_LOBBY_ROUNDS ?? 3));
// BENCH_PARTS=lobby,provider (default both) to run a part alone while profiling; BENCH_SERVER_ARGS adds node flags
// to the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof); BENCH_PG_OPTIONS adds PostgreSQL options to its
// connections (e.g. "-c session_preload_libraries=auto_explain -c auto_explain.log_min_duration=0
// -c auto_explain.log_nested_statements=on -c auto_explain.sample_rate=0.002" logs sampled plans of the hot functions).
const PG_OPTIONS = process.env.BENCH_PG_OPTIONS ?? '';
const PARTS = new Set((process.env.BENCH_PARTS ?? 'lobby,provider').split(','));
const SERVER_ARGS = (process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean);
// BENCH_LOBBY_MIXES=distinct (any of repeated, distinct, player, floor; default all) runs only those mixes of the
// lobby, so a profile of the server (BENCH_SERVER_ARGS) holds one mix and its warm-up.
const LOBBY_MIXES = new Set((process.env.BENCH_LOBBY_MIXES ?? 'repeated,distinct,player,floor').split(','));

// Titles are built from these, so the search terms below match a few hundred games each.
const NOUNS = ['Tigre', 'Dragão', 'Fênix', 'Coelho', 'Faraó', 'Pirata', 'Leão', 'Sereia', 'Búfalo', 'Águia'];
const ADJS = ['Dourado', 'da Fortuna', 'Selvagem', 'Mágico', 'do Rio', 'Neon', 'Real', 'Sortudo', 'de Fogo', 'Épico'];
const TERMS = ['tigre', 'dragao', 'fenix', 'coelho', 'farao', 'pirata', 'leao', 'sereia', 'bufalo', 'aguia', 'ouro'];
const CATEGORIES = ['slots', 'roulette', 'instant'];
const PROVIDER_THREADS = 2;
/** Seconds of provider load before the tables are analyzed and the measured window starts. */
const PROVIDER_WARMUP_S = 2;
const CLIENT_MODULE = path.join(import.meta.dirname, 'keepalive-client.cjs');

/**
 * One thread of the provider's load: each client plays rounds in a loop (a signed bet, then a signed closing win)
 * on the thread's players in turn, warm-up first, then the measured window.
 */
const PROVIDER_CLIENT_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac, randomUUID } = require('node:crypto');
const { Connection, format } = require(workerData.client);
const { port, secret, game, sessions, clients, seconds, warmup, prefix, formatted } = workerData;
// A signed call, formatted as the bytes the provider's server sends.
const request = (op, payload) => {
  const raw = JSON.stringify(payload);
  return format('POST', '/api/providers/aurora/' + op,
    { 'content-type': 'application/json', 'x-signature': createHmac('sha256', secret).update(raw).digest('hex') }, raw);
};
let seq = 0;
const nextPair = () => {
  const s = sessions[seq++ % sessions.length];
  const base = { session_token: s.token, player_id: s.playerId, game_id: game };
  const round = prefix + '-' + randomUUID();
  return [
    request('bet', { ...base, transaction_id: 'b-' + round, round_id: round, amount: 100 }),
    request('win', { ...base, transaction_id: 'w-' + round, round_id: round, amount: 95, round_closed: true }),
  ];
};
// The pairs are formatted and signed before the load starts (as wrk formats its requests once): the load
// generator shares the two cores with the server it measures, and its own JSON and HMAC work is not the server's.
// Past the formatted ones (a machine faster than the estimate), pairs are formatted as they go.
const ready = Array.from({ length: formatted }, nextPair);
let next = 0;
const call = async (conn, op, raw) => {
  const res = await conn.send(raw, true);
  let out = null;
  try { out = JSON.parse(res.body); } catch {}
  return out && out.status === 'OK' ? null : op + ': ' + res.status + ' ' + res.body.slice(0, 200);
};
const out = { pairs: 0, errors: 0, secs: 0, lat: [], firstErrors: [] };
const conns = Array.from({ length: clients }, () => new Connection(port));
const loop = async (conn, deadline, counting) => {
  while (Date.now() < deadline) {
    const [bet, win] = next < ready.length ? ready[next++] : nextPair();
    const t0 = performance.now();
    const bad = (await call(conn, 'bet', bet)) || (await call(conn, 'win', win));
    if (!counting) continue;
    if (bad === null) { out.pairs++; out.lat.push(performance.now() - t0); }
    else { out.errors++; if (out.firstErrors.length < 3) out.firstErrors.push(bad); }
  }
};
(async () => {
  const w = Date.now() + warmup * 1000;
  await Promise.all(conns.map((c) => loop(c, w, false)));
  // Warm: wait for the go (the main thread analyzes the tables the warm-up filled).
  await new Promise((go) => { parentPort.once('message', go); parentPort.postMessage('warm'); });
  const start = Date.now();
  await Promise.all(conns.map((c) => loop(c, start + seconds * 1000, true)));
  out.secs = (Date.now() - start) / 1000;
  for (const c of conns) c.close();
  parentPort.postMessage(out);
})();
`;

type Server = { url: string; port: number; pid: number; env: NodeJS.ProcessEnv; stop(): Promise<void> };

/** Waits until `url` answers 2xx; throws if the child exits first or `ms` pass. */
async function untilServing(child: ChildProcess, url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}: not ready in ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The server exactly as `npm start` runs it, but on PostgreSQL (its own schema, via PGOPTIONS). */
async function startPgServer(schema: string): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-bench-')),
    DATABASE_URL: URL,
    DATABASE_POOL_SIZE: '20',
    PGOPTIONS: `-c search_path=${schema} ${PG_OPTIONS}`.trim(),
    LOG_LEVEL: 'error',
    ORIGINALS_ENGINES: 'off',
  };
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, ...SERVER_ARGS, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  await untilServing(child, `${url}/readyz`, 90_000);
  return {
    url,
    port,
    pid: child.pid!,
    env,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The machine's floor for the lobby's figures: a Fastify server that answers every GET with the same 800 bytes
 * (no hooks, no tenant, no catalog), started with the server's flags and loaded like the lobby (200 connections,
 * wrk, a browser's headers), once warm. What the real lobby cannot beat on these cores with one Node process; its
 * p99 from run to run also shows how much of a lobby p99 is the machine's own (seen here: 6 to 97 ms, max up to
 * 375 ms, in consecutive runs of this trivial server).
 */
async function floorLoad(): Promise<LoadResult & CpuFigures> {
  const port = await freePort();
  const code = `
const app = require('fastify')({ logger: false });
const body = Buffer.alloc(800, 120);
app.get('/*', (req, reply) => reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').send(body));
app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '-e', code], { cwd: ROOT, stdio: 'ignore' });
  try {
    await untilServing(child, `http://127.0.0.1:${port}/x`, 30_000);
    const o = {
      url: `http://127.0.0.1:${port}`,
      connections: LOBBY_CONNECTIONS,
      seconds: SECONDS,
      headers: { host: 'localhost', 'accept-encoding': 'gzip, deflate, br' },
    };
    await load({ ...o, seconds: Math.min(SECONDS, 5) }); // warm-up
    return await withCpu(child.pid!, () => load(o));
  } finally {
    child.kill('SIGKILL');
  }
}

function importCatalog(server: Server): string {
  const rows = Array.from({ length: GAMES }, (_, i) => ({
    game_id: `bench-${i}`,
    title: `${NOUNS[i % NOUNS.length]} ${ADJS[Math.floor(i / NOUNS.length) % ADJS.length]} ${i}${i % 7 === 0 ? ' de Ouro' : ''}`,
    code: `bench-${i}`,
    category: CATEGORIES[i % CATEGORIES.length],
    type: CATEGORIES[i % CATEGORIES.length],
    rtp: (94 + (i % 500) / 100).toFixed(2),
    volatility: ['low', 'medium', 'high', 'very_high'][i % 4],
    image: '/static/games/tigre-da-fortuna.svg',
    bonus_allowed: i % 2 === 0,
  }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-bench-')), 'games.json');
  fs.writeFileSync(file, JSON.stringify(rows));
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/ops/cli.ts',
      'games:import',
      file,
      '--host',
      'localhost',
      '--provider',
      'aurora',
    ],
    { cwd: ROOT, env: server.env, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`games:import failed: ${r.stdout}${r.stderr}`);
  return r.stdout.trim().split('\n').pop() ?? '';
}

let ipSeq = 0;
const nextIp = () => {
  const n = ++ipSeq;
  return `10.77.${(n >> 8) & 255}.${n & 255 || 1}`;
};

function cpf(): string {
  const d = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  if (d.every((x) => x === d[0])) d[0] = (d[0]! + 1) % 10;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i]! * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}

/** A player registered, and funded by sandbox PIX, through the public API (as a person would). */
async function newPlayer(server: Server, n: number): Promise<{ id: number; token: string }> {
  const ip = nextIp();
  const call = async (method: string, p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${server.url}/api${p}`, {
      method,
      headers: {
        host: 'localhost',
        'x-forwarded-for': ip,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as Record<string, unknown>;
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const local = String(30_000_000 + n * 1_000 + Math.floor(Math.random() * 1_000));
  const phone = `119${local}`;
  await call('POST', '/auth/verify-code', { phone });
  const outbox = (await call('GET', `/dev/outbox?to=${encodeURIComponent(`+55${phone}`)}`)) as unknown as {
    code: string;
  }[];
  const reg = await call('POST', '/auth/register', {
    name: 'Bench Player',
    username: phone,
    email: `bench${local}@exemplo.com`,
    password: 'senha-forte-1',
    password_confirmation: 'senha-forte-1',
    birth_date: '1990-05-17',
    cpf: cpf(),
    code: outbox[0]!.code,
    terms: true,
    age_confirmed: true,
  });
  const token = reg.token as string;
  const charge = await call('POST', '/main-gateway/qrcode-pix', { amount: 20_000 }, token);
  await call('POST', `/dev/pix/${charge.txid}/pay`, {}, token);
  return { id: Number((reg.user as { id: number | string }).id), token };
}

type LobbyMix = 'guest_repeated_searches' | 'guest_distinct_searches' | 'player' | 'constant_reply_floor';

/**
 * Of one mix's rounds, the run with the median p99, with every round's p99 beside it (`p99_ms_rounds`) and the
 * errors of all rounds. This VM stalls now and then for reasons of its own (seen here: the constant-reply floor's p99
 * at 12 ms in one run and 38 ms in another, and 1-second stalls that the server's own event-loop delay, 69 ms at
 * most, did not see), so one round's p99 says more about the moment than about the server.
 */
function medianRun(runs: (LoadResult & CpuFigures)[]): LoadResult & CpuFigures & { p99_ms_rounds: number[] } {
  const byP99 = [...runs].sort((a, b) => a.p99_ms - b.p99_ms);
  const mid = byP99[Math.floor((byP99.length - 1) / 2)]!;
  return {
    ...mid,
    errors: runs.reduce((n, r) => n + r.errors, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    p99_ms_rounds: runs.map((r) => r.p99_ms),
  };
}

/**
 * A load run with the CPU the server spent on it: cores busy and CPU per request (all its threads: main, GC
 * helpers, libuv pool; from /proc, so Linux only). Steadier from run to run than a p99 on a shared VM, so it shows
 * what a change to the request path costs or saves.
 */
async function withCpu(pid: number, go: () => Promise<LoadResult>): Promise<LoadResult & CpuFigures> {
  const before = cpuSeconds(pid);
  const t0 = performance.now();
  const r = await go();
  const after = cpuSeconds(pid);
  if (before === null || after === null) return r;
  const seconds = (performance.now() - t0) / 1000;
  return {
    ...r,
    server_cpu_cores: Math.round(((after - before) / seconds) * 100) / 100,
    server_cpu_us_per_request: Math.round(((after - before) * 1e6) / (r.requests_per_s * seconds)),
  };
}

type CpuFigures = { server_cpu_cores?: number; server_cpu_us_per_request?: number };

/** A process's CPU time so far (user + system, all threads) in seconds, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis): utime and
    // stime are the 12th and 13th, in clock ticks (USER_HZ, 100 on Linux).
    const rest = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(rest[11]) + Number(rest[12])) / 100;
  } catch {
    return null;
  }
}

function lobbyPath(term: string, category: string, page = 1) {
  return `/api/casinos/games?searchTerm=${encodeURIComponent(term)}&category=${category}&page=${page}`;
}

async function lobby(server: Server, token: string) {
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const usual = () => lobbyPath(pick(TERMS), pick(CATEGORIES), 1 + Math.floor(Math.random() * 2));
  // A different search on (almost) every request: 3 letters taken from a real title, so most match something.
  const letters = NOUNS.join('').toLowerCase();
  const fresh = () => {
    const at = Math.floor(Math.random() * (letters.length - 3));
    return lobbyPath(
      letters.slice(at, at + 3) + (Math.random() < 0.5 ? '' : ` ${Math.floor(Math.random() * 100)}`),
      pick(CATEGORIES),
    );
  };
  // What a browser sends: every one takes gzip (the load generators count the bytes, they do not inflate them).
  const browser = { host: 'localhost', 'accept-encoding': 'gzip, deflate, br' };
  // wrk (lib.ts LOADGEN) cycles through 50,000 paths drawn in advance (each URL of the distinct mix comes up about
  // as often as with a draw per request: some 15,000 URLs, 100,000 requests); autocannon draws one per request.
  const run = async (next: () => string, headers: Record<string, string> = {}): Promise<LoadResult> => {
    if (LOADGEN === 'wrk')
      return wrkLoad({
        url: server.url,
        connections: LOBBY_CONNECTIONS,
        seconds: SECONDS,
        headers: { ...browser, ...headers },
        paths: Array.from({ length: 50_000 }, next),
      });
    const r = await autocannon({
      url: server.url,
      connections: LOBBY_CONNECTIONS,
      duration: SECONDS,
      pipelining: 1,
      headers: { ...browser, ...headers },
      requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
    });
    return {
      requests_per_s: Math.round(r.requests.average),
      p50_ms: r.latency.p50,
      p90_ms: r.latency.p90,
      p99_ms: r.latency.p99,
      p999_ms: r.latency.p99_9,
      max_ms: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
    };
  };
  const measured = (next: () => string, headers: Record<string, string> = {}) =>
    withCpu(server.pid, () => run(next, headers));
  await run(usual); // warm-up (JIT, catalog, page cache)
  const rounds: Partial<Record<LobbyMix, LoadResult & CpuFigures>>[] = [];
  for (let i = 0; i < LOBBY_ROUNDS; i++) {
    const round: Partial<Record<LobbyMix, LoadResult & CpuFigures>> = {};
    if (LOBBY_MIXES.has('repeated')) round.guest_repeated_searches = await measured(usual);
    if (LOBBY_MIXES.has('distinct')) round.guest_distinct_searches = await measured(fresh);
    if (LOBBY_MIXES.has('player')) round.player = await measured(usual, { authorization: `Bearer ${token}` });
    if (LOBBY_MIXES.has('floor')) round.constant_reply_floor = await floorLoad();
    rounds.push(round);
  }
  const median = (mix: LobbyMix) => {
    const runs = rounds.flatMap((r) => (r[mix] ? [r[mix]] : []));
    return runs.length ? medianRun(runs) : null;
  };
  const guestRepeat = median('guest_repeated_searches');
  const guestDistinct = median('guest_distinct_searches');
  const player = median('player');
  const floor = median('constant_reply_floor');
  // Once more if the first try fails: fetch may take a keep-alive connection from before the loads that the
  // server closed meanwhile (seen once: "other side closed").
  const get = () => fetch(`${server.url}${lobbyPath('tigre', 'slots')}`, { headers: { host: 'localhost' } });
  const sample = (await (await get().catch(get)).json()) as { total: number };
  return {
    load_generator: LOADGEN,
    rounds: LOBBY_ROUNDS,
    guest_repeated_searches: guestRepeat,
    guest_distinct_searches: guestDistinct,
    player: player,
    constant_reply_floor: floor,
    sample_total: sample.total,
  };
}

async function providerPairs(server: Server, schema: string, players: { id: number }[]) {
  const db = new pg.Client({ connectionString: URL, options: `-c search_path=${schema}` });
  await db.connect();
  try {
    const t = await db.query<{ tenant_id: number }>("select tenant_id from tenant_hosts where host = 'localhost'");
    const tenantId = t.rows[0]!.tenant_id;
    const p = await db.query<{ id: number; secret: string }>(
      "select id, secret from game_providers where tenant_id = $1 and code = 'aurora'",
      [tenantId],
    );
    const provider = p.rows[0]!;
    const g = await db.query<{ id: number; provider_game_id: string }>(
      "select id, provider_game_id from games where tenant_id = $1 and game_code = 'tigre-da-fortuna'",
      [tenantId],
    );
    const game = g.rows[0]!;
    if (IDLE_PLAYERS > 0) {
      await db.query(
        `insert into users (tenant_id, first_name, last_name, email, phone, referral_code)
          select $1, 'Idle', 'Player', 'idle' || n || '@ex.com', '+55219' || lpad(n::text, 8, '0'), 'IDLE' || n
          from generate_series(1, $2::int) n`,
        [tenantId, IDLE_PLAYERS],
      );
      await db.query(
        `insert into game_sessions (tenant_id, user_id, game_id, provider_id, token_hash, demo, created_at, expires_at)
          select $1, u.id, g.ids[1 + u.id % cardinality(g.ids)], $2, md5(random()::text || u.id), false,
              now() - interval '2 days', now() - interval '1 day'
            from users u, (select array_agg(id) as ids from games where tenant_id = $1 and provider_id = $2) g
          where u.tenant_id = $1 and u.first_name = 'Idle'`,
        [tenantId, provider.id],
      );
      await db.query('vacuum analyze users, ledger_accounts, player_wallets, player_wagers, game_sessions');
    }
    // A real-money game session per player, as a launch creates (the token only the provider would hold).
    const sessions: { token: string; playerId: string }[] = [];
    for (const pl of players) {
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `insert into game_sessions (tenant_id, user_id, game_id, provider_id, token_hash, demo, expires_at)
          values ($1, $2, $3, $4, $5, false, now() + interval '1 hour')`,
        [tenantId, pl.id, game.id, provider.id, createHash('sha256').update(token).digest('hex')],
      );
      sessions.push({ token, playerId: String(pl.id) });
    }
    // The provider's servers: 16 clients in 2 worker threads, each on its own keep-alive connection
    // (keepalive-client.cjs; as pgbench -c 16 -j 2), each signing its bodies; the load generator's CPU is kept off the measured server's event loop, as
    // pgbench's client is kept off PostgreSQL's backends.
    const per = Math.ceil(sessions.length / PROVIDER_THREADS);
    const before = await db.query<{ n: number }>(
      "select count(*)::int as n from casino_rounds where status = 'closed'",
    );
    const wal0 = await walNow(db);
    const parts = Array.from({ length: PROVIDER_THREADS }, (_, i) => sessions.slice(i * per, (i + 1) * per)).filter(
      (part) => part.length,
    );
    // After the warm-up, the tables it filled are analyzed, as autovacuum keeps a live database's statistics (and
    // as pgbench -i does for the yardstick's tables); the connections' cached plans are made again from them.
    // Analyzed before any round existed, the plans would scan the rounds table as if it stayed empty.
    const warm: Worker[] = [];
    const goAfterAnalyze = () =>
      void analyzeSchema(db, schema).then(() => {
        for (const w of warm) w.postMessage('go');
      });
    const results = await Promise.all(
      parts.map(
        (part, i) =>
          new Promise<{ pairs: number; errors: number; secs: number; lat: number[]; firstErrors: string[] }>(
            (resolve, reject) => {
              const w = new Worker(PROVIDER_CLIENT_CODE, {
                eval: true,
                workerData: {
                  client: CLIENT_MODULE,
                  port: server.port,
                  secret: provider.secret,
                  game: game.provider_game_id,
                  sessions: part,
                  clients: Math.ceil(CLIENTS / PROVIDER_THREADS),
                  seconds: SECONDS,
                  warmup: PROVIDER_WARMUP_S,
                  prefix: `t${i}`,
                  // Enough for 1,500 pairs/s per thread over the warm-up and the measured window.
                  formatted: 1_500 * (SECONDS + PROVIDER_WARMUP_S),
                },
              });
              w.once('message', () => {
                warm.push(w);
                if (warm.length === parts.length) goAfterAnalyze();
                w.once('message', resolve);
              });
              w.once('error', reject);
            },
          ),
      ),
    );
    const pairs = results.reduce((n, r) => n + r.pairs, 0);
    const errors = results.reduce((n, r) => n + r.errors, 0);
    const firstErrors = results.flatMap((r) => r.firstErrors).slice(0, 3);
    const secs = Math.max(...results.map((r) => r.secs));
    const lat = results.flatMap((r) => r.lat);
    // The dispatcher takes the last events off the queue within its next tick; then WAL per pair (warm-up included).
    await new Promise((r) => setTimeout(r, 1_000));
    const after = await db.query<{ n: number }>("select count(*)::int as n from casino_rounds where status = 'closed'");
    const wal = walPer(wal0, await walNow(db), after.rows[0]!.n - before.rows[0]!.n);
    lat.sort((a, b) => a - b);
    return {
      pairs_per_s: Math.round(pairs / secs),
      p50_ms: Math.round(lat[Math.floor(lat.length * 0.5)]! * 10) / 10,
      p99_ms: Math.round(lat[Math.floor(lat.length * 0.99)]! * 10) / 10,
      errors,
      first_errors: firstErrors,
      // Every counted pair is a closed round in the books.
      rounds_closed_ok: after.rows[0]!.n - before.rows[0]!.n >= pairs,
      ...wal,
    };
  } finally {
    await db.end();
  }
}

// A mix left out (BENCH_LOBBY_MIXES) is not run, so not met.
const ok = (r: LoadResult | null) => r !== null && r.p99_ms <= 20 && r.errors === 0 && r.non2xx === 0;
const lobbyLine = (r: (LoadResult & CpuFigures & { p99_ms_rounds: number[] }) | null) =>
  r === null
    ? 'not run'
    : `${r.requests_per_s} req/s p99 ${r.p99_ms} ms (rounds ${r.p99_ms_rounds.join('/')}), ` +
      `${r.server_cpu_us_per_request ?? '?'} us CPU a request`;

export function run() {
  return withSchemas(['bench_c', 'bench_p'], async ([s, p]) => {
    let server: Server | null = null;
    try {
      server = await startPgServer(s);
      const imported = importCatalog(server);
      const players: { id: number; token: string }[] = [];
      for (let i = 0; i < (PARTS.has('provider') ? PLAYERS : 1); i++) players.push(await newPlayer(server, i));
      // The catalog of every node follows an import within a second.
      await new Promise((r) => setTimeout(r, 1_500));
      if (PARTS.size < 2) {
        // A partial run (profiling): print the part's figures, keep the recorded results as they are.
        const part = PARTS.has('lobby')
          ? await lobby(server, players[0]!.token)
          : await providerPairs(server, s, players);
        console.log(JSON.stringify(part));
        return;
      }
      const lob = await lobby(server, players[0]!.token);
      // The yardstick right before (the server idle) and right after (the server stopped) the provider pairs.
      const yardstick = tpcb({ url: URL, schema: p, clients: CLIENTS, seconds: SECONDS });
      yardstick.init();
      yardstick.run();
      const wallet = await providerPairs(server, s, players);
      await server.stop();
      server = null;
      yardstick.run();
      const reference = yardstick.result();
      // The target is judged on the exact ratio; the record shows it to 3 decimals (rounded to 2, a 0.395 passed
      // a target of 0.4).
      const exactRatio = wallet.pairs_per_s / reference.tps;
      const ratio = Math.round(exactRatio * 1000) / 1000;
      record(
        'casino',
        {
          games: GAMES,
          import: imported,
          lobby_connections: LOBBY_CONNECTIONS,
          provider_clients: CLIENTS,
          players: PLAYERS,
          seconds: SECONDS,
          lobby: lob,
          provider_bet_win: wallet,
          pgbench: reference,
          ratio,
          targets: { lobby_p99_ms: 20, ratio_to_pgbench: 0.4 },
          pass: {
            lobby_guest_repeated: ok(lob.guest_repeated_searches),
            lobby_guest_distinct: ok(lob.guest_distinct_searches),
            lobby_player: ok(lob.player),
            provider: exactRatio >= 0.4 && wallet.errors === 0 && wallet.rounds_closed_ok,
          },
        },
        `casino: lobby (10,000 games, search + category, ${LOBBY_CONNECTIONS} conn, ${lob.load_generator}, median of ` +
          `${LOBBY_ROUNDS} rounds) guests repeating ${lobbyLine(lob.guest_repeated_searches)} | guests distinct ` +
          `${lobbyLine(lob.guest_distinct_searches)} | player ${lobbyLine(lob.player)} (target p99 <= 20 ms; a constant ` +
          `800-byte Fastify reply: ${lobbyLine(lob.constant_reply_floor)}) | ` +
          `provider bet+win ${wallet.pairs_per_s} pairs/s (p50 ${wallet.p50_ms} ms, p99 ${wallet.p99_ms} ms, ` +
          `${wallet.errors} errors, ${wallet.wal_records_per_tx} WAL records a pair) | pgbench TPC-B ${reference.tps} tps (before ${reference.runs_tps[0]}, after ${reference.runs_tps[1]}) | ratio ${ratio} (target >= 0.4)`,
      );
    } finally {
      await server?.stop();
    }
  });
}
