import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * PGlite is one process's database: while the server runs, the ops CLI must not open the same data directory.
 * The server writes DATA_DIR/server.json (pid, port, a per-start token, mode 0600); the CLI finds it and sends its
 * command to the server over loopback instead. With PostgreSQL this is not needed and not done.
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
