// npm test: lint, type-check, import rules, unit + server integration tests (PGlite, and PostgreSQL too when
// TEST_DATABASE_URL is set), then the browser suite against the freshly built site. Ends with one summary line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sorte-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${r.status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

function vitest(name, args, env = {}) {
  const out = path.join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  step(name, 'npx', ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  if (!fs.existsSync(out)) return;
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += r.numPendingTests + r.numTodoTests;
}

const pgUrl = process.env.TEST_DATABASE_URL;
const { TEST_DATABASE_URL: _omit, ...withoutPg } = process.env;

step('lint (biome)', 'npx', ['biome', 'check', '.']);
step('types (tsc -b)', 'npx', ['tsc', '-b']);
step('import rules (dependency-cruiser)', 'npm', ['run', 'lint:imports']);
// The embedded default first: PGlite for every server test.
process.env = withoutPg;
vitest('unit + server on PGlite', []);
if (pgUrl) vitest('server on PostgreSQL', ['--project', 'server'], { TEST_DATABASE_URL: pgUrl });
else console.log('\n(TEST_DATABASE_URL not set: the server suite ran on PGlite only)');
if (step('build web + console', 'npm', ['run', 'build'])) {
  // Only the several-node browser test reads TEST_DATABASE_URL; every other one runs npm start's embedded default.
  vitest('browser (e2e)', ['--config', 'e2e/vitest.config.ts'], pgUrl ? { TEST_DATABASE_URL: pgUrl } : {});
}

console.log(`\n${failures.length ? `FAILED steps: ${failures.join(', ')}` : 'all steps passed'}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
