import type { BodyOf, likeCall, likesCall, ReplyOf } from '@sorte/contracts';
import { http } from '../../../shared/lib/http';

/** POST /games/like/{gameId} {liked, opId}, cancellable. */
export function sendLike(gameId: number, liked: boolean, opId: number, signal: AbortSignal) {
  return http.post<ReplyOf<typeof likeCall>>(
    `/games/like/${gameId}`,
    { liked, opId } satisfies BodyOf<typeof likeCall>,
    { signal },
  );
}

/** GET /games/likes: the liked game ids (the same list /auth/me carries as user_likes). */
export function getLikes(signal?: AbortSignal) {
  return http.get<ReplyOf<typeof likesCall>>('/games/likes', { signal });
}
