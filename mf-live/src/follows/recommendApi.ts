import type { ApiClient, RecommendFollows, RecommendRooms } from '@sports/shared';

/** `api/Recommend/*` (server/src/recommend/README.md): the 为你推荐 row and the empty pages' suggestions. */
export const RECOMMEND_PATHS = {
  rooms: 'api/Recommend/rooms',
  follows: 'api/Recommend/follows',
} as const;

export function recommendApi(api: ApiClient) {
  return {
    /** Live rooms for me (a guest: the popular ones with a sport mix), best first, at most 12. */
    rooms: () => api.get<RecommendRooms>(RECOMMEND_PATHS.rooms),
    /** Teams, leagues and live anchors to follow (members only). */
    follows: () => api.get<RecommendFollows>(RECOMMEND_PATHS.follows),
  };
}
