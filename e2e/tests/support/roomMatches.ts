import { expect, type APIRequestContext } from '@playwright/test';

export interface DemoRoomMatch {
  roomId: number;
  matchId: number;
  sport: string;
  home: string;
  away: string;
}

/**
 * A demo room of `type` (1 football … 4 general) that shows a match in play: the server points
 * demo rooms at feed matches (server/src/live/seedDemoRooms.ts), the demo feed runs at 60x in e2e.
 * `rank` orders the accepted ones (lowest first: the match with the most left to play, say);
 * without it, the first accepted.
 */
export async function demoRoomWithLiveMatch(
  request: APIRequestContext,
  type: 1 | 2 | 3 | 4,
  accept: (matchStr: string) => boolean = () => true,
  rank: (matchStr: string) => number = () => 0,
): Promise<DemoRoomMatch> {
  let found: DemoRoomMatch | null = null;
  await expect
    .poll(
      async () => {
        const body = await (await request.get(`/api/Live_streaming/getLiveList?type=${type}&page=1&page_size=50`)).json();
        const accepted = (body.data.list as { room_id: number; match: { match_id: number; sport: string; status: string; match_str: string; home_team_name_zh: string; away_team_name_zh: string } | null }[]).filter(
          (candidate) => candidate.match !== null && candidate.match.status === 'live' && accept(candidate.match.match_str),
        );
        const room = accepted.sort((a, b) => rank(a.match?.match_str ?? '') - rank(b.match?.match_str ?? ''))[0];
        found = room?.match ? { roomId: room.room_id, matchId: room.match.match_id, sport: room.match.sport, home: room.match.home_team_name_zh, away: room.match.away_team_name_zh } : null;
        return found !== null;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return found as unknown as DemoRoomMatch;
}
