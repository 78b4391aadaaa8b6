import type { ApiClient, BaseCompetition, BaseCompetitionItem, BaseMatchPage, BasePlayer, BaseTeam, ScoreSport } from '@sports/shared';

/** The knowledge-base calls (server/src/scores/knowledge/). */
export const KNOWLEDGE_PATHS = {
  competitions: 'api/base/competitions',
  competition: 'api/base/competition',
  matches: 'api/base/matches',
  team: 'api/base/team',
  player: 'api/base/player',
} as const;

export function knowledgeApi(api: ApiClient) {
  return {
    competitions: (sport: ScoreSport) => api.get<BaseCompetitionItem[]>(KNOWLEDGE_PATHS.competitions, { sport }),
    competition: (id: number, seasonId?: number) => api.get<BaseCompetition>(KNOWLEDGE_PATHS.competition, seasonId === undefined ? { id } : { id, season_id: seasonId }),
    matches: (params: { competition_id: number; season_id?: number; kind: 'results' | 'fixtures'; cursor?: string; page_size?: number }) =>
      api.get<BaseMatchPage>(KNOWLEDGE_PATHS.matches, params),
    team: (id: number) => api.get<BaseTeam>(KNOWLEDGE_PATHS.team, { id }),
    player: (id: number) => api.get<BasePlayer>(KNOWLEDGE_PATHS.player, { id }),
  };
}

/** The route of a sport's knowledge base. */
export const basePath = (sport: ScoreSport) => (sport === 'basketball' ? 'base-basketball' : 'base-football');
export const competitionHref = (sport: ScoreSport, id: number) => `#/${basePath(sport)}?competition=${id}`;
export const teamHref = (sport: ScoreSport, id: number) => `#/${basePath(sport)}?team=${id}`;
export const playerHref = (sport: ScoreSport, id: number) => `#/${basePath(sport)}?player=${id}`;
/** mf-scores' match-centre pages of a team and a player (issue 36: season, ratings, squad); the ids are the same. */
export const teamCentreHref = (id: number) => `#/team?id=${id}`;
export const playerCentreHref = (id: number) => `#/player?id=${id}`;

/** A positive whole id from the address, else null. */
export function idParam(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
