import type { UserBox } from '@sorte/contracts';
import { create } from 'zustand';

/**
 * The granted box the reward modal shows (a mission, a VIP level, a gift of the casino). Shared because two features
 * open it: the boxes feature's live NotifyNewUserBox listener and the notifications feature, when the player opens a
 * notification that carries a box. One at a time; a second box arriving meanwhile waits its turn.
 */
export const useBoxReward = create<{ queue: UserBox[] }>(() => ({ queue: [] }));

export const showBoxReward = (box: UserBox) =>
  useBoxReward.setState((s) => (s.queue.some((b) => b.id === box.id) ? s : { queue: [...s.queue, box] }));

/** The box on screen was answered (open now, or later): the next one, if any, shows. */
export const nextBoxReward = () => useBoxReward.setState((s) => ({ queue: s.queue.slice(1) }));
