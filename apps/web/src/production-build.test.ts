import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the web build that npm start serves', () => {
  it('is React production code even when the shell says NODE_ENV=development', () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-web-build-'));
    try {
      // The same command scripts/start.mjs runs, into a directory of its own so the real dist is left alone.
      const r = spawnSync('npm', ['run', 'build', '-w', '@sorte/web', '--', '--outDir', outDir, '--emptyOutDir'], {
        cwd: root,
        env: { ...process.env, NODE_ENV: 'development' },
        encoding: 'utf8',
      });
      expect(r.status, r.stderr).toBe(0);
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const entry = /<script type="module"[^>]*src="\/?([^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeTruthy();
      const code = fs.readFileSync(path.join(outDir, entry!), 'utf8');
      // React's production build replaces its messages with links to the error decoder; the development build
      // carries the full texts (and weighs half as much again).
      expect(code.includes('react.dev/errors/'), `${entry} has React's minified errors`).toBe(true);
      expect(code.includes('Maximum update depth exceeded'), `${entry} has no development texts`).toBe(false);
      // The entry carries what the first screen needs: zod (forms, API replies) loads with the first chunk using it.
      expect(code.includes('Encountered Promise during synchronous parse'), `${entry} has no zod`).toBe(false);
      // Each route's chunks, for the server to preload with the page: the page chunk first, every file built.
      const routes = JSON.parse(fs.readFileSync(path.join(outDir, 'route-chunks.json'), 'utf8')) as Record<
        string,
        string[]
      >;
      for (const [route, page] of [
        ['home', 'home-page'],
        ['casino-games', 'lobby-page'],
        ['originals-game', 'game-page'],
        ['account-wallet', 'wallet-page'],
      ] as const) {
        expect(routes[route]?.[0], route).toMatch(new RegExp(`^/assets/${page}-[\\w-]+\\.js$`));
        for (const f of routes[route]!) expect(fs.existsSync(path.join(outDir, f)), f).toBe(true);
      }
    } finally {
      fs.rmSync(outDir, { recursive: true, force: true });
    }
  }, 120_000);
});
