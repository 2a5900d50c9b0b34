import { describe, expect, it } from 'vitest';
import { isLivePath, routeOf, setLiveRoutes } from './live-routes';
import { playerEntries } from './player-nav';

describe('links only to built pages', () => {
  it('knows a built page from a 404 and from a feature not built yet', () => {
    setLiveRoutes(['casino-games', 'originals', 'account-wallet', 'page']);
    expect(isLivePath('/casino/games')).toBe(true);
    expect(isLivePath('/en/casino/games?sort=az')).toBe(true);
    expect(isLivePath('/account/wallet?tab=withdraw')).toBe(true);
    expect(isLivePath('/promotion')).toBe(false);
    expect(isLivePath('/nao-existe/mesmo/nada')).toBe(false);
    expect(isLivePath('https://instagram.com/sortedemo')).toBe(true);
    expect(isLivePath('javascript:alert(1)')).toBe(false);
    expect(routeOf('/casino')?.name).toBe('casino');
  });

  it('gives a player wallet, deposit, withdraw, history, bonus, Originals, responsible gaming and support; a guest what needs no account', () => {
    setLiveRoutes([
      'account-wallet',
      'user-history-casino',
      'bonus',
      'originals',
      'responsible-gambling',
      'responsible-gaming',
      'page',
    ]);
    const player = playerEntries({ jivoChat: null }, true);
    expect(player.map((e) => e.key)).toEqual([
      'wallet',
      'deposit',
      'withdraw',
      'history',
      'bonus',
      'originals',
      'responsible',
      'support',
    ]);
    expect(player.find((e) => e.key === 'deposit')?.action).toBeTypeOf('function');
    expect(playerEntries({ jivoChat: null }, false).map((e) => [e.key, e.to])).toEqual([
      ['originals', '/originals'],
      ['responsible', '/responsible-gaming'],
      ['support', '/pages/faq'],
    ]);
    // A page not built yet (here the player's responsible-gaming tools) is simply not offered.
    setLiveRoutes(['account-wallet', 'user-history-casino', 'originals', 'page']);
    expect(playerEntries({ jivoChat: null }, true).map((e) => e.key)).not.toContain('responsible');
  });
});
