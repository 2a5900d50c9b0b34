import type { RgSelfExclusion, RgSessionEndedEvent, RgSessionFigures } from '@sorte/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { clearSession } from '../../shared/lib/session';

export type Settlement = { refunded_bets: number; refunded: number; balance: number };

/** What the player is told after play stopped; shown by the host after the page itself may have gone. */
export type RgNotice =
  | {
      type: 'ended';
      reason: 'by_you' | RgSessionEndedEvent['reason'];
      message: string | null;
      session: RgSessionFigures | null;
    }
  | { type: 'excluded'; exclusion: RgSelfExclusion; settlement: Settlement }
  | { type: 'closed'; closedAt: string; settlement: Settlement };

type RgState = {
  notice: RgNotice | null;
  /** The reality check is on screen. */
  reminding: boolean;
};

export const useRgStore = create<RgState>(() => ({ notice: null, reminding: false }));

export const dismissNotice = () => useRgStore.setState({ notice: null });

/**
 * Play stopped on the server (session ended, excluded, closed): every cached reply goes, the page view becomes a
 * guest's (an auth-only page goes home, as after a logout), and the notice says why.
 */
export function endLocalSession(qc: QueryClient, notice: RgNotice): void {
  useRgStore.setState({ notice, reminding: false });
  qc.clear();
  clearSession(null, 'logout');
}
