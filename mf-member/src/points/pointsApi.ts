import type { ApiClient, PointsCheckInResult, PointsHistoryPage, PointsInfo } from '@sports/shared';

/** The points calls (member?type=4; server/src/points/README.md). */
export const POINTS_PATHS = {
  info: 'api/Points/info',
  checkIn: 'api/Points/checkIn',
  history: 'api/Points/history',
} as const;

/** History lines per page (更多 follows `next_cursor`). */
export const POINTS_HISTORY_PAGE_SIZE = 20;

/** Typed points calls over the page's API client (it applies SPEC.md section 8 to every answer). */
export function pointsApi(api: ApiClient) {
  return {
    /** The balance, today's check-in and streak, the daily tasks. */
    info: () => api.get<PointsInfo>(POINTS_PATHS.info),
    /** 每日签到: once per China day (a second: POINTS_ALREADY_CHECKED_IN). */
    checkIn: () => api.post<PointsCheckInResult>(POINTS_PATHS.checkIn, {}),
    /** My points lines, newest first. */
    history: (cursor?: string) => api.get<PointsHistoryPage>(POINTS_PATHS.history, { page_size: POINTS_HISTORY_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) }),
  };
}
