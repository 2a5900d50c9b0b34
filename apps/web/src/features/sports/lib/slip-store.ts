import { create } from 'zustand';
import { storage } from '../../../shared/lib/storage';
import { usePrefs } from './prefs';
import {
  acceptChanges,
  applyEventStop,
  applyMarket,
  type MarketPush,
  parseSlip,
  removeSelection,
  type Slip,
  type SlipMode,
  type SlipSelection,
  toggleSelection,
  withoutPlaced,
} from './slip';

const KEY = 'sports-slip';

/** The bet slip of this device: survives a reload and the trip to the login page. */
export const useSlip = create<Slip>(() => parseSlip(storage.get(KEY)));

useSlip.subscribe((s) => storage.set(KEY, JSON.stringify(s)));

// Another tab's slip changes show here too.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (e) => {
    if (e.key === KEY) useSlip.setState(parseSlip(e.newValue), true);
  });

/** The slip's open state on a phone (the bottom sheet). */
export const useSlipSheet = create<{ open: boolean }>(() => ({ open: false }));

export const slip = {
  toggle: (pick: SlipSelection) =>
    useSlip.setState((s) => toggleSelection(s, pick, usePrefs.getState().defaultStake), true),
  remove: (outcomeId: number) => useSlip.setState((s) => removeSelection(s, outcomeId), true),
  clear: () => useSlip.setState(parseSlip(null), true),
  mode: (mode: SlipMode) => useSlip.setState({ mode }),
  stake: (outcomeId: number, centavos: number) =>
    useSlip.setState((s) => ({ stakes: { ...s.stakes, [String(outcomeId)]: centavos } })),
  multiStake: (centavos: number) => useSlip.setState({ multiStake: centavos }),
  market: (m: MarketPush) => useSlip.setState((s) => applyMarket(s, m, usePrefs.getState().acceptOdds), true),
  betStop: (eventId: number, stopped: boolean) => useSlip.setState((s) => applyEventStop(s, eventId, stopped), true),
  accept: () => useSlip.setState((s) => acceptChanges(s), true),
  placed: (keys: string[]) => useSlip.setState((s) => withoutPlaced(s, keys), true),
};
