// TEMPORARY profiling aid (removed before hand-off).
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
import type { Db, Sql } from '../../db/index';
const stats = new Map<string, { n: number; ms: number }>();
const add = (k: string, ms: number) => {
  const s = stats.get(k) ?? { n: 0, ms: 0 };
  s.n++;
  s.ms += ms;
  stats.set(k, s);
};
import { monitorEventLoopDelay } from 'node:perf_hooks';
const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
setInterval(() => {
  if (!stats.size) return;
  add(`eventloop p50 ${(h.percentile(50) / 1e6).toFixed(1)} p99 ${(h.percentile(99) / 1e6).toFixed(1)} max ${(h.max / 1e6).toFixed(1)}`, 0);
  h.reset();
  const out = [...stats].map(([k, v]) => `${(v.ms / v.n).toFixed(2)}ms x${v.n} ${k}`).join('\n');
  require('node:fs').appendFileSync('/tmp/trace/trace.txt', `---\n${out}\n`);
  stats.clear();
}, 4000).unref();
export function addStat(k: string, ms: number) {
  add(k, ms);
}
const timed = (sql: Sql): Sql => ({
  query: async (text, params) => {
    const t = performance.now();
    try {
      return await sql.query(text, params);
    } finally {
      add(`q ${text.replace(/\s+/g, ' ').slice(0, 60)}`, performance.now() - t);
    }
  },
  exec: sql.exec,
});
export function tracing(db: Db): Db {
  return {
    ...db,
    ...timed(db),
    transaction: async (fn) => {
      const t0 = performance.now();
      let t1 = 0;
      try {
        return await db.transaction(async (tx) => {
          add('begin(+pool)', performance.now() - t0);
          const r = await fn(timed(tx));
          t1 = performance.now();
          return r;
        });
      } finally {
        if (t1) add('commit', performance.now() - t1);
        add('transaction total', performance.now() - t0);
      }
    },
  };
}
