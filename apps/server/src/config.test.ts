import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('has defaults that run the embedded site on port 3000', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.devTools).toBe(true);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://r', NODE_ENV: 'prod' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      for (const v of ['PORT', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV']) expect(text).toContain(v);
    }
  });

  it('never allows the dev tools in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_TOOLS: 'true' })).toThrow(/DEV_TOOLS/);
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
  });
});
