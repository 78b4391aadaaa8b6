import type { ApiClient, FanMedalRoomFans, FanMedalSetNameResult } from '@sports/shared';

/** The fan medal calls the room uses (server/src/fanMedals/README.md). */
export const MEDAL_PATHS = {
  roomFans: 'api/FanMedal/roomFans',
  setName: 'api/FanMedal/setName',
} as const;

/** Fans a page of the 粉丝榜. */
export const FANS_PAGE_SIZE = 20;

export function medalApi(api: ApiClient) {
  return {
    /** The anchor's fans list (粉丝榜), highest intimacy first; `cursor` is the previous page's `next_cursor`. */
    roomFans: (anchorId: number, cursor?: string, limit = FANS_PAGE_SIZE) =>
      api.get<FanMedalRoomFans>(MEDAL_PATHS.roomFans, { anchor_id: anchorId, limit, ...(cursor === undefined ? {} : { cursor }) }),
    /** The anchor names the medal (2-4 characters). */
    setName: (name: string) => api.post<FanMedalSetNameResult>(MEDAL_PATHS.setName, { name }),
  };
}
