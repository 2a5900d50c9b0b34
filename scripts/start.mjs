// npm start: build the web bundle (and the console's) when it is missing or older than its sources, then run the
// server, which applies migrations and seeds the demo tenant on first start. One process serves web + API.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, f) => Math.max(m, newest(path.join(p, f))), st.mtimeMs);
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages']
  .map((p) => newest(path.join(root, p)))
  .reduce((a, b) => Math.max(a, b), 0);
// WEB_DIST names a bundle built elsewhere: that one is served as it is, and apps/web is not built.
if (!process.env.WEB_DIST && (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sources)) {
  console.log('Building the web app...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@sorte/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
// The operator console (/admin) is its own bundle, rebuilt on the same rule from its own sources.
const adminDist = path.join(root, 'apps/admin/dist/index.html');
const adminSources = ['apps/admin/src', 'apps/admin/index.html', 'apps/admin/vite.config.ts', 'packages']
  .map((p) => newest(path.join(root, p)))
  .reduce((a, b) => Math.max(a, b), 0);
if (!fs.existsSync(adminDist) || fs.statSync(adminDist).mtimeMs < adminSources) {
  console.log('Building the admin console...');
  const r = spawnSync('npm', ['run', 'build', '-w', '@sorte/admin'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(
  process.execPath,
  [...SERVER_NODE_ARGS, '--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: { LOG_LEVEL: 'info', ...process.env },
  },
);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
// A server killed by a signal (the OOM killer's SIGKILL, say) exits 128 + its number, as a shell reports it, so a
// supervisor sees the failure; a server stopped by the SIGINT/SIGTERM passed on above exits 0 by itself.
server.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
