import { matchRoute, type RouteDef, splitLocale } from '@sorte/contracts';

/**
 * Which routes open a built page. The app fills this from its page table at start; every menu, home tile, banner and
 * error-page suggestion asks it before showing a link, so no link leads to a 404 or to the "not available yet" page,
 * and a feature's links come back by themselves the day its page ships.
 */
let live: ReadonlySet<string> = new Set();

export function setLiveRoutes(names: Iterable<string>): void {
  live = new Set(names);
}

/** The route a plain or /en path opens ("/casino/games?x=1" -> casino-games), or null for a 404. */
export function routeOf(path: string): RouteDef | null {
  return matchRoute(splitLocale(path.split(/[?#]/)[0] ?? '').path);
}

/** Whether a link goes somewhere real: an external address, or a path whose page is built. */
export function isLivePath(path: string): boolean {
  if (/^https?:\/\//i.test(path)) return true;
  if (!path.startsWith('/')) return false;
  const route = routeOf(path);
  return route !== null && live.has(route.name);
}
