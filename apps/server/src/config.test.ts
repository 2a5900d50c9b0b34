import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const REAL_PSP = {
  PIX_PSP: 'bcb',
  PIX_PSP_URL: 'https://pix.example.com',
  PIX_CLIENT_ID: 'client',
  PIX_CLIENT_SECRET: 'secret',
  PIX_WEBHOOK_SECRET: 'webhook-path-secret',
};

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
    expect(loadConfig({ NODE_ENV: 'production', ...REAL_PSP }).devTools).toBe(false);
  });

  it('refuses to take real deposits through the sandbox PSP or with its built-in credentials', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PIX_PSP: production needs a real PSP/);
    expect(() => loadConfig({ PIX_PSP: 'bcb', PIX_PSP_URL: 'https://pix.example.com' })).toThrow(
      /PIX_CLIENT_ID: required[\s\S]*PIX_CLIENT_SECRET: required/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...REAL_PSP }).pix.psp).toBe('bcb');
    expect(loadConfig({}).pix.psp).toBe('sandbox');
  });

  it('requires the PIX webhook secret in production, and leaves it to the database elsewhere', () => {
    const { PIX_WEBHOOK_SECRET: _, ...withoutSecret } = REAL_PSP;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutSecret })).toThrow(
      /PIX_WEBHOOK_SECRET: required in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', ...REAL_PSP }).pix.webhookSecret).toBe('webhook-path-secret');
    // Unset outside production: no well-known default; the runtime creates a random one per database.
    expect(loadConfig({}).pix.webhookSecret).toBeUndefined();
  });
});
