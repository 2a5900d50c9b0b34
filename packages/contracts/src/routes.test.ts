import { describe, expect, it } from 'vitest';
import { matchRoute, splitLocale } from './routes';

describe('route matching (shared by the server and the web router)', () => {
  it('treats a trailing * as zero or more segments: /sportsbook is the sportsbook page', () => {
    expect(matchRoute('/sportsbook')?.name).toBe('sportsbook');
    expect(matchRoute('/sportsbook/')?.name).toBe('sportsbook');
    expect(matchRoute('/sportsbook/soccer/brazil')?.name).toBe('sportsbook');
  });

  it('matches case-insensitively and prefers literal segments over parameters', () => {
    expect(matchRoute('/')?.name).toBe('home');
    expect(matchRoute('/Offiline')?.name).toBe('offline');
    expect(matchRoute('/offiline')?.name).toBe('offline');
  });

  it('finds no route for an unknown path', () => {
    expect(matchRoute('/nao-existe/mesmo')).toBeNull();
  });

  it('splits the /en prefix off and keeps pt as the plain path', () => {
    expect(splitLocale('/en/casino')).toMatchObject({ locale: 'en', path: '/casino' });
    expect(splitLocale('/casino')).toMatchObject({ path: '/casino' });
  });
});
