import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

export const RESULTS_DIR = path.join(import.meta.dirname, 'results');

export type LoadResult = { requests_per_s: number; p50_ms: number; p99_ms: number; errors: number; non2xx: number };

/** autocannon on loopback: bounded in time, one target, fixed connection count. */
export async function load(o: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const r = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    headers: o.headers,
    pipelining: 1,
  });
  return {
    requests_per_s: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

export function record(name: string, result: unknown, summary: string) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify({ name, at: new Date().toISOString(), ...(result as object) }, null, 2));
  console.log(summary);
}
