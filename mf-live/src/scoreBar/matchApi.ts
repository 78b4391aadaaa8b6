import type { ApiClient, CommentaryLine, MatchDetail, PageOf } from '@sports/shared';

export const MATCH_PATHS = {
  detail: 'api/scores/match',
  robot: 'api/hot_match/getRobot',
} as const;

/** How many commentary lines the room shows (the newest). */
export const COMMENTARY_PAGE_SIZE = 50;

/** The room's match: its row (score bar) and the automatic commentary (SPEC.md section 7: getRobot). */
export function matchApi(api: ApiClient) {
  return {
    detail: (matchId: number) => api.get<MatchDetail>(MATCH_PATHS.detail, { match_id: matchId }),
    commentary: (matchId: number) => api.get<PageOf<CommentaryLine>>(MATCH_PATHS.robot, { match_id: matchId, page: 1, page_size: COMMENTARY_PAGE_SIZE }),
  };
}
