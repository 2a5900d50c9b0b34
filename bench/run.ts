// npm run bench [-- name ...]: runs the benchmarks of bench/ (all, or those named), one after another, each
// writing bench/results/<name>.json and printing a one-line summary.
import fs from 'node:fs';
import path from 'node:path';

const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace('.bench.ts', '')))
  .sort();
for (const f of files) {
  const mod = (await import(path.join(import.meta.dirname, f))) as { run: () => Promise<void> };
  await mod.run();
}
