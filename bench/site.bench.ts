// Benchmark 1 (foundation): the page shell with the inlined config and GET /api/site-config at 50 connections,
// and the gzip size of the JavaScript the home route loads in a real browser.
// Targets: >= 5,000 req/s and p99 <= 10 ms for both; <= 150 KB gzip of JavaScript for the home route.
import { launch } from '../e2e/support/browser';
import { startServer } from '../e2e/support/server';
import { LOADGEN, load, record } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export async function run() {
  const server = await startServer({ LOG_LEVEL: 'error' });
  try {
    // Warm up both paths (JIT, caches) before measuring.
    await load({ url: `${server.url}/`, connections: 10, seconds: 2, headers: { host: 'localhost' } });
    const gz = { host: 'localhost', 'accept-encoding': 'gzip' };
    const page = await load({ url: `${server.url}/`, connections: 50, seconds: SECONDS, headers: gz });
    const config = await load({
      url: `${server.url}/api/site-config?timestamp=1`,
      connections: 50,
      seconds: SECONDS,
      headers: gz,
    });

    const browser = await launch();
    let jsBytes = 0;
    const files: string[] = [];
    try {
      const ctx = await browser.newContext();
      const tab = await ctx.newPage();
      tab.on('response', async (res) => {
        if (!res.url().endsWith('.js')) return;
        const len = Number((await res.allHeaders())['content-length'] ?? (await res.body()).length);
        jsBytes += len;
        files.push(`${res.url().split('/').pop()} ${len}`);
      });
      await tab.goto(`http://localhost:${server.port}/`, { waitUntil: 'networkidle' });
    } finally {
      await browser.close();
    }
    const homeJsKb = Math.round((jsBytes / 1024) * 10) / 10;
    const pass = (r: typeof page) => r.requests_per_s >= 5000 && r.p99_ms <= 10 && r.errors === 0 && r.non2xx === 0;
    const result = {
      load_generator: LOADGEN,
      connections: 50,
      seconds: SECONDS,
      index_html: page,
      site_config: config,
      home_js_gzip_kb: homeJsKb,
      home_js_files: files,
      targets: { requests_per_s: 5000, p99_ms: 10, home_js_gzip_kb: 150 },
      pass: { index_html: pass(page), site_config: pass(config), home_js: homeJsKb <= 150 },
    };
    record(
      'site',
      result,
      `site (${LOADGEN}): index.html ${page.requests_per_s} req/s p50 ${page.p50_ms} ms p99 ${page.p99_ms} ms | ` +
        `site-config ${config.requests_per_s} req/s p50 ${config.p50_ms} ms p99 ${config.p99_ms} ms | ` +
        `home JS ${homeJsKb} KB gzip`,
    );
  } finally {
    await server.stop();
  }
}
