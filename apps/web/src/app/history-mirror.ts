type Navigator = {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate: (to: string, opts: { replace: boolean }) => unknown;
};

const SPORTSBOOK = /^(?:\/en)?\/sportsbook(?:[/?#]|$)/i;

/** The router's own history entries carry {key, idx}; anything else came from a third-party script. */
const fromRouter = (state: unknown) => !!state && typeof state === 'object' && 'idx' in state && 'key' in state;

/**
 * The sportsbook widget (Betby) moves between its pages with history.pushState/replaceState behind the router's
 * back. Mirror those moves into the router as replace navigations so the app's location stays true.
 */
export function installHistoryMirror(router: Navigator): () => void {
  const { pushState, replaceState } = window.history;
  const wrap = (original: History['pushState']) =>
    function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      original.call(this, data, unused, url);
      if (url == null || fromRouter(data)) return;
      const target = new URL(String(url), window.location.href);
      if (target.origin !== window.location.origin || !SPORTSBOOK.test(target.pathname)) return;
      const next = target.pathname + target.search + target.hash;
      const { location } = router.state;
      if (location.pathname + location.search + location.hash !== next) router.navigate(next, { replace: true });
    };
  window.history.pushState = wrap(pushState);
  window.history.replaceState = wrap(replaceState);
  return () => {
    window.history.pushState = pushState;
    window.history.replaceState = replaceState;
  };
}
