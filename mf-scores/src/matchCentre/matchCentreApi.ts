import type { ApiClient } from '@sports/shared';
import type {
  BasketballBoxScore,
  BasketballLeadTracker,
  BasketballShotChart,
  FootballLineups,
  FootballMomentum,
  FootballShotMap,
  PlayerProfile,
  TeamProfile,
} from '@sports/shared/matchCentre';

/** The match centre's endpoints (issue 36; server/src/scores/matchCentre answers them). */
export const MATCH_CENTRE_PATHS = {
  lineups: 'api/Football/lineups',
  momentum: 'api/Football/momentum',
  shotMap: 'api/Football/shotMap',
  playerRatings: 'api/Football/playerRatings',
  boxScore: 'api/Basketball/boxScore',
  shotChart: 'api/Basketball/shotChart',
  leadTracker: 'api/Basketball/leadTracker',
  player: 'api/Player/info',
  team: 'api/Team/info',
  /** mf-live's live list filtered by match (score-live): the rooms showing it, live first. */
  liveList: 'api/Live_streaming/getLiveList',
} as const;

/** The rooms of one match the page links: a match is shown by a few. */
export const LIVE_ROOMS_OF_MATCH_LIMIT = 10;

/** A football match's documents: the lineups carry each player's rating and line. */
export interface FootballCentre {
  lineups: FootballLineups;
  momentum: FootballMomentum;
  shotMap: FootballShotMap;
}

export interface BasketballCentre {
  boxScore: BasketballBoxScore;
  shotChart: BasketballShotChart;
  leadTracker: BasketballLeadTracker;
}

/** Typed calls over the page's API client. */
export function matchCentreApi(api: ApiClient) {
  const byMatch = <Doc>(path: string, matchId: number) => api.get<Doc>(path, { match_id: matchId });
  return {
    football: async (matchId: number): Promise<FootballCentre> => {
      const [lineups, momentum, shotMap] = await Promise.all([
        byMatch<FootballLineups>(MATCH_CENTRE_PATHS.lineups, matchId),
        byMatch<FootballMomentum>(MATCH_CENTRE_PATHS.momentum, matchId),
        byMatch<FootballShotMap>(MATCH_CENTRE_PATHS.shotMap, matchId),
      ]);
      return { lineups, momentum, shotMap };
    },
    basketball: async (matchId: number): Promise<BasketballCentre> => {
      const [boxScore, shotChart, leadTracker] = await Promise.all([
        byMatch<BasketballBoxScore>(MATCH_CENTRE_PATHS.boxScore, matchId),
        byMatch<BasketballShotChart>(MATCH_CENTRE_PATHS.shotChart, matchId),
        byMatch<BasketballLeadTracker>(MATCH_CENTRE_PATHS.leadTracker, matchId),
      ]);
      return { boxScore, shotChart, leadTracker };
    },
    player: (id: number) => api.get<PlayerProfile>(MATCH_CENTRE_PATHS.player, { id }),
    team: (id: number) => api.get<TeamProfile>(MATCH_CENTRE_PATHS.team, { id }),
  };
}
