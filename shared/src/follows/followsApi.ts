import type { ApiClient } from '../api/createApiClient';
import type { FollowIds, FollowList, FollowListType, FollowResult, FollowTargetType } from '../schemas/follows';

/** The Follow API (server/src/follows/README.md), one place for its paths. */
export const FOLLOW_PATHS = {
  /** POST {id, follow}: `api/Follow/team`, `api/Follow/league`, `api/Follow/player`. */
  follow: (type: FollowTargetType) => `api/Follow/${type}`,
  ids: 'api/Follow/ids',
  list: 'api/Follow/list',
} as const;

/** Typed calls of the Follow API on the page's client (SPEC.md section 8 applied by it). */
export function followsApi(api: ApiClient) {
  return {
    ids: () => api.get<FollowIds>(FOLLOW_PATHS.ids),
    set: (type: FollowTargetType, id: number, follow: boolean) => api.post<FollowResult>(FOLLOW_PATHS.follow(type), { id, follow }),
    list: (type: FollowListType) => api.get<FollowList>(FOLLOW_PATHS.list, { type }),
  };
}
