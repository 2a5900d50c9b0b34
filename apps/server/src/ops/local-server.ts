import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { proveToken } from './http';

/**
 * PGlite is one process's database: while the server runs, the ops CLI must not open the same data directory.
 * The server writes DATA_DIR/server.json (pid, port, a per-start token, mode 0600); the CLI finds it and sends its
 * command to the server over loopback instead. With PostgreSQL this is not needed and not done. The file can be
 * stale (a crash leaves it behind, and its pid may since belong to another program): confirmLocalServer tells.
 */
export type LocalServer = { pid: number; port: number; token: string };

const file = (config: Config) => path.join(config.dataDir, 'server.json');

export function announceServer(config: Config, app: FastifyInstance) {
  if (config.databaseUrl) return;
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.port;
  const info: LocalServer = { pid: process.pid, port, token: app.opsToken };
  fs.writeFileSync(file(config), JSON.stringify(info), { mode: 0o600 });
}

export function withdrawServer(config: Config) {
  try {
    const info = JSON.parse(fs.readFileSync(file(config), 'utf8')) as LocalServer;
    if (info.pid === process.pid) fs.rmSync(file(config));
  } catch {
    // Nothing announced.
  }
}

export function findLocalServer(config: Config): LocalServer | null {
  try {
    const info = JSON.parse(fs.readFileSync(file(config), 'utf8')) as LocalServer;
    process.kill(info.pid, 0); // throws when no such process
    return info;
  } catch {
    return null;
  }
}

/**
 * Whether the process on server.json's port is the server that wrote it: it must answer a fresh nonce with the
 * token's HMAC. Anything else (refused, silent, another program, a wrong proof) means the file is stale. The wait is
 * generous: a live server busy starting up on a loaded machine answers late, and giving up on it only ends in the
 * data directory's lock refusing the command.
 */
export async function confirmLocalServer(server: LocalServer, timeoutMs = 10_000): Promise<boolean> {
  const nonce = randomBytes(32).toString('hex');
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/_ops/hello`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nonce }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return false;
    const body = (await res.json()) as { proof?: unknown };
    const expected = Buffer.from(proveToken(server.token, nonce));
    const given = Buffer.from(typeof body.proof === 'string' ? body.proof : '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}
