import type { ApiClient, FanMedalList, FanMedalRoomFans, FanMedalWearResult } from '@sports/shared';

/** The fan medal calls of the member centre and the anchor's page (server/src/fanMedals/README.md). */
export const MEDAL_PATHS = {
  list: 'api/FanMedal/list',
  wear: 'api/FanMedal/wear',
  roomFans: 'api/FanMedal/roomFans',
} as const;

export const FANS_PAGE_SIZE = 20;

export function medalsApi(api: ApiClient) {
  return {
    /** My medals, highest intimacy first, with the worn one and today's counts against the caps. */
    list: () => api.get<FanMedalList>(MEDAL_PATHS.list),
    /** Wears the medal of `anchorId`, or takes the worn one off (null). */
    wear: (anchorId: number | null) => api.post<FanMedalWearResult>(MEDAL_PATHS.wear, { anchor_id: anchorId }),
    /** An anchor's fans list (粉丝榜); `cursor` is the previous page's `next_cursor`. */
    roomFans: (anchorId: number, cursor?: string) => api.get<FanMedalRoomFans>(MEDAL_PATHS.roomFans, { anchor_id: anchorId, limit: FANS_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) }),
  };
}
