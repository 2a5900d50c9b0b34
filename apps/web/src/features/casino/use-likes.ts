import { useEffect } from 'react';
import { useSession } from '../../shared/lib/session';
import { getLikes, sendLike } from './api/like';
import { createLikesStore } from './likes-store';

/** The app's one likes store, sending through the API. */
export const useLikesStore = createLikesStore(sendLike);

let fetchedFor: string | null = null;

/**
 * Keeps the likes map in sync with the player's user_likes (from the session user, and once per login from
 * GET /games/likes), and clears it on logout.
 */
export function useLikesSync() {
  const token = useSession((s) => s.token);
  const userLikes = useSession((s) => s.user?.user_likes);
  useEffect(() => {
    if (!token) {
      fetchedFor = null;
      useLikesStore.getState().reset();
      return;
    }
    if (userLikes) useLikesStore.getState().sync(userLikes);
  }, [token, userLikes]);
  useEffect(() => {
    if (!token || fetchedFor === token) return;
    fetchedFor = token;
    getLikes()
      .then((r) => useLikesStore.getState().sync(r.user_likes))
      .catch(() => {
        fetchedFor = null;
      });
  }, [token]);
}
