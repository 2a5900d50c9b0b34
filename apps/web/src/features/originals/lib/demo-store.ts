import { useCallback } from 'react';
import { create } from 'zustand';
import { useIsLoggedIn } from '../../../shared/lib/session';
import { type DemoState, newDemoState, parseDemoState } from './demo-engine';

// The demo's state and the player's demo/real choice live in sessionStorage: they last while the tab is open and
// never reach the server. Keys are the feature's own (not spec section 3 keys).
const STATE_KEY = 'sorte.originals.demo';
const MODE_KEY = 'sorte.originals.demo-mode';

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function load(): DemoState {
  const s = parseDemoState(session()?.getItem(STATE_KEY) ?? null);
  return s ?? newDemoState();
}

type Store = { state: DemoState | null; preferDemo: boolean | null };

const useDemoStore = create<Store>(() => ({
  state: null,
  preferDemo: (() => {
    const v = session()?.getItem(MODE_KEY);
    return v === '1' ? true : v === '0' ? false : null;
  })(),
}));

/** The current demo state (created on first use). */
export function getDemoState(): DemoState {
  const cur = useDemoStore.getState().state;
  if (cur) return cur;
  const s = load();
  useDemoStore.setState({ state: s });
  return s;
}

export function setDemoState(s: DemoState): void {
  useDemoStore.setState({ state: s });
  try {
    session()?.setItem(STATE_KEY, JSON.stringify(s));
  } catch {
    // Storage full or blocked: the demo lives for this page view only.
  }
}

/** The demo state for rendering. */
export function useDemoState(): DemoState {
  const s = useDemoStore((x) => x.state);
  return s ?? getDemoState();
}

/**
 * Whether the game pages play in demo: guests always (they cannot play for real); a logged-in player plays for
 * real unless they switched the demo on in this tab.
 */
export function useDemoMode(): { demo: boolean; canPlayReal: boolean; setDemo: (on: boolean) => void } {
  const loggedIn = useIsLoggedIn();
  const prefer = useDemoStore((x) => x.preferDemo);
  const setDemo = useCallback((on: boolean) => {
    useDemoStore.setState({ preferDemo: on });
    try {
      session()?.setItem(MODE_KEY, on ? '1' : '0');
    } catch {
      // ignore
    }
  }, []);
  return { demo: !loggedIn || prefer === true, canPlayReal: loggedIn, setDemo };
}
