import type { FreeSpinsGame } from './repo';

/** The catalog game of a free-spins offer as the player sees it, with the path of the page that opens it. */
export function freeSpinsGameDto(g: FreeSpinsGame | undefined) {
  return g
    ? {
        code: g.game_code,
        title: g.title,
        provider: g.provider_code,
        path: `/casino/${g.provider_code}/${g.game_code}`,
      }
    : null;
}
