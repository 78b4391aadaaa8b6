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
 */
export async function demoRoomWithLiveMatch(request: APIRequestContext, type: 1 | 2 | 3 | 4, accept: (matchStr: string) => boolean = () => true): Promise<DemoRoomMatch> {
  let found: DemoRoomMatch | null = null;
  await expect
    .poll(
      async () => {
        const body = await (await request.get(`/api/Live_streaming/getLiveList?type=${type}&page=1&page_size=50`)).json();
        const room = (body.data.list as { room_id: number; match: { match_id: number; sport: string; status: string; match_str: string; home_team_name_zh: string; away_team_name_zh: string } | null }[]).find(
          (candidate) => candidate.match !== null && candidate.match.status === 'live' && accept(candidate.match.match_str),
        );
        found = room?.match ? { roomId: room.room_id, matchId: room.match.match_id, sport: room.match.sport, home: room.match.home_team_name_zh, away: room.match.away_team_name_zh } : null;
        return found !== null;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(true);
  return found as unknown as DemoRoomMatch;
}
