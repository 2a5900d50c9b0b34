import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist, testApp } from '../../test/helpers';

describe('the page shell after a rebuild of the web bundle', () => {
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = fakeWebDist();
    app = await testApp({ webDist: dist });
  });
  afterAll(() => app.close());

  it('serves the new asset names at once, not a cached page of the old build', async () => {
    const first = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(first.statusCode).toBe(200);
    const file = path.join(dist, 'index.html');
    const rebuilt = fs
      .readFileSync(file, 'utf8')
      .replace('</head>', '<script type="module" src="/assets/index-NEWHASH.js"></script></head>');
    fs.writeFileSync(file, rebuilt);
    // Make sure the modification time differs even on coarse-grained file systems.
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const second = await app.inject({ url: '/', headers: { host: 'localhost' } });
    expect(second.body).toContain('index-NEWHASH.js');
    // ...and the bundle it names, written after the server started, is served (not the 404 page).
    fs.writeFileSync(path.join(dist, 'assets', 'index-NEWHASH.js'), 'console.log("new build")');
    const asset = await app.inject({ url: '/assets/index-NEWHASH.js', headers: { host: 'localhost' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ url: '/assets/index-GONE.js', headers: { host: 'localhost' } });
    expect(missing.statusCode).toBe(404);
  });

  it('treats /sportsbook (no trailing segment) as a known page, not a 404', async () => {
    const res = await app.inject({ url: '/sportsbook', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
  });
});
