import { describe, expect, it } from 'vitest';
import { messages } from '../locales';
import { errorCase, errorReference, isBot, pickJoke } from './error-model';

describe('errorReference', () => {
  it("is 'ERR-' + status + the last 6 digits of the timestamp", () => {
    expect(errorReference(404, 1_795_391_342_874)).toBe('ERR-404342874');
    expect(errorReference(500, 1_700_000_000_123)).toBe('ERR-500000123');
  });

  it('uses 000 when there is no status', () => {
    expect(errorReference(undefined, 1_795_391_342_874)).toBe('ERR-000342874');
    expect(errorReference(0, 1_795_391_342_874)).toBe('ERR-000342874');
  });

  it('defaults to now', () => {
    expect(errorReference(401)).toMatch(/^ERR-401\d{6}$/);
  });
});

describe('errorCase and joke pools', () => {
  it('has a case for 401, 404 (also the default) and everything else', () => {
    expect(errorCase(401)).toBe('401');
    expect(errorCase(404)).toBe('404');
    expect(errorCase(undefined)).toBe('404');
    expect(errorCase(500)).toBe('other');
    expect(errorCase(403)).toBe('other');
  });

  it('has a non-empty pool per case in both languages, with the spec sizes', () => {
    for (const locale of ['pt', 'en'] as const) {
      const pools = messages[locale].app.error.jokes;
      expect(pools[401]).toHaveLength(3);
      expect(pools[404]).toHaveLength(5);
      expect(pools.other).toHaveLength(3);
    }
  });

  it('picks every line of a pool and never falls off the end', () => {
    const pool = messages.pt.app.error.jokes[404];
    expect(pickJoke(pool, () => 0)).toBe(pool[0]);
    expect(pickJoke(pool, () => 0.9999999)).toBe(pool[4]);
    expect(pickJoke(pool, () => 1)).toBe(pool[4]);
    const seen = new Set(Array.from({ length: 5 }, (_, i) => pickJoke(pool, () => i / 5)));
    expect(seen.size).toBe(5);
    expect(pickJoke([], () => 0.5)).toBe('');
  });

  it('keeps the spec titles', () => {
    expect(messages.pt.app.error[401].title).toBe('Não autorizado');
    expect(messages.pt.app.error[404].title).toBe('Página não encontrada');
    expect(messages.pt.app.error.other.title).toBe('Ops... Algo deu errado');
  });
});

describe('isBot', () => {
  it('recognises crawlers and link previews', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'WhatsApp/2.23.20.0',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    ]) {
      expect(isBot(ua), ua).toBe(true);
    }
  });

  it('lets people (and headless test browsers) through', () => {
    for (const ua of [
      'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ]) {
      expect(isBot(ua), ua).toBe(false);
    }
    expect(isBot(undefined)).toBe(false);
  });
});
