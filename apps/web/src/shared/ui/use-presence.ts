import { useEffect, useState } from 'react';

export type PresenceState = 'closed' | 'open' | 'closing';

/**
 * Keeps an element mounted for `exitMs` after `open` turns false so its exit animation can play.
 */
export function usePresence(open: boolean, exitMs: number): PresenceState {
  const [state, setState] = useState<PresenceState>(open ? 'open' : 'closed');

  useEffect(() => {
    if (open) {
      setState('open');
      return;
    }
    setState((s) => (s === 'closed' ? 'closed' : 'closing'));
    const timer = setTimeout(() => setState('closed'), exitMs);
    return () => clearTimeout(timer);
  }, [open, exitMs]);

  return state;
}
