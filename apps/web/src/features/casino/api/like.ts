import { http } from '../../../shared/lib/http';

/** POST /games/like/{gameId} {liked, opId}, cancellable. */
export function sendLike(gameId: number, liked: boolean, opId: number, signal: AbortSignal) {
  return http.post(`/games/like/${gameId}`, { liked, opId }, { signal });
}

/** GET /games/likes: the liked game ids (the same list /auth/me carries as user_likes). */
export function getLikes(signal?: AbortSignal): Promise<{ user_likes: number[] }> {
  return http.get('/games/likes', { signal });
}
