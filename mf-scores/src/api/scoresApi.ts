import { ResponseCode } from '@sports/shared';
import type {
  AllMatchRequest,
  ApiClient,
  Clip,
  ClipPage,
  CollectRequest,
  ReplayPage,
  CommentaryLine,
  ExponentRow,
  HotMatch,
  Intelligence,
  MatchDetail,
  MatchEvent,
  MatchRow,
  MatchStatistic,
  OddsHistoryRow,
  OddsMarketName,
  PageOf,
  ScoreSport,
  SeasonTable,
} from '@sports/shared';

/** Every endpoint mf-scores calls, in one place (server/README.md lists them). */
export const SCORES_PATHS = {
  hotList: 'api/hot_match/initial_list',
  allMatch: 'api/hot_match/all_match',
  /** The knowledge base's results of a competition, newest first (server/src/scores/knowledge). */
  competitionResults: 'api/base/matches',
  robot: 'api/hot_match/getRobot',
  seasonTable: 'api/Football/season_table',
  collect: 'api/Basketballuser/collect',
  competitions: 'api/scores/competitions',
  detail: 'api/scores/match',
  events: 'api/scores/events',
  statistics: 'api/scores/statistics',
  exponent: 'api/scores/odds',
  oddsHistory: 'api/scores/odds_history',
  oddsCompanies: 'api/scores/companies',
  intelligence: 'api/scores/intelligence',
  collectList: 'api/scores/favorites',
  /** Issue 34: the match's clips (a play mark on each event that has one; mf-scores never imports mf-live). */
  clipList: 'api/Clip/list',
  /** The broadcasts of the match kept as replays (回放 under the timeline). */
  replayList: 'api/Live/replayList',
} as const;

/** Timelines and odds histories show this many of the newest entries (the page size limit). */
export const LATEST_SHOWN = 100;

/**
 * The newest LATEST_SHOWN items of a list the server pages oldest first: the first page says
 * the total, then the last two pages are read.
 */
export async function latestOf<Item>(pageOf: (page: number) => Promise<PageOf<Item>>): Promise<Item[]> {
  const first = await pageOf(1);
  if (first.total <= first.list.length) return first.list;
  const lastPage = Math.ceil(first.total / LATEST_SHOWN);
  const [before, last] = await Promise.all([lastPage - 1 > 1 ? pageOf(lastPage - 1) : first, pageOf(lastPage)]);
  return [...before.list, ...last.list].slice(-LATEST_SHOWN);
}

/** The clips of one match the timeline asks for (MEDIA_LIST_LIMIT_MAX). */
export const MATCH_CLIPS_LIMIT = 50;

/** The replays of one match the page lists. */
export const MATCH_REPLAYS_LIMIT = 10;

/** Favourites come in one page: the server keeps at most 500 a user, the list shows the first 100. */
export const FAVOURITES_PAGE_SIZE = 100;

export interface ScoreCompetition {
  id: number;
  sport: ScoreSport;
  name_zh: string;
  short_name_zh: string;
  hot: boolean;
}

export interface OddsCompany {
  id: number;
  name_zh: string;
}

export type MatchPage = PageOf<MatchRow>;

/** Typed calls over the page's API client (the client applies SPEC.md section 8 to every answer). */
export function scoresApi(api: ApiClient) {
  return {
    hotList: () => api.get<HotMatch[]>(SCORES_PATHS.hotList),
    allMatch: (request: AllMatchRequest) => api.post<MatchPage>(SCORES_PATHS.allMatch, request),
    competitionResults: (competitionId: number, pageSize: number) =>
      api.get<{ list: MatchRow[]; next_cursor: string | null }>(SCORES_PATHS.competitionResults, { competition_id: competitionId, kind: 'results', page_size: pageSize }),
    competitions: (sport?: ScoreSport) => api.get<ScoreCompetition[]>(SCORES_PATHS.competitions, sport ? { sport } : {}),
    detail: (matchId: number) => api.get<MatchDetail>(SCORES_PATHS.detail, { match_id: matchId }),
    /** The newest LATEST_SHOWN events, oldest first (a basketball game has a couple of hundred). */
    /** The match's ready clips, newest first (one page of the most a page holds: a match has a few). */
    clipsOfMatch: async (matchId: number): Promise<Clip[]> => (await api.get<ClipPage>(SCORES_PATHS.clipList, { match_id: matchId, limit: MATCH_CLIPS_LIMIT })).list,
    /** Replays of the match (every room that showed it), newest first: one page. */
    replaysOfMatch: async (matchId: number) => (await api.get<ReplayPage>(SCORES_PATHS.replayList, { match_id: matchId, limit: MATCH_REPLAYS_LIMIT })).list,
    latestEvents: (matchId: number) =>
      latestOf((page) => api.get<PageOf<MatchEvent>>(SCORES_PATHS.events, { match_id: matchId, page, page_size: LATEST_SHOWN })),
    statistics: (matchId: number) => api.get<MatchStatistic[]>(SCORES_PATHS.statistics, { match_id: matchId }),
    exponent: (matchId: number) => api.get<ExponentRow[]>(SCORES_PATHS.exponent, { match_id: matchId }),
    oddsCompanies: () => api.get<OddsCompany[]>(SCORES_PATHS.oddsCompanies),
    /** The newest LATEST_SHOWN price moves of a market, oldest first. */
    oddsHistory: (matchId: number, companyId: number, market: OddsMarketName) =>
      latestOf((page) =>
        api.get<PageOf<OddsHistoryRow>>(SCORES_PATHS.oddsHistory, { match_id: matchId, company_id: companyId, market, page, page_size: LATEST_SHOWN }),
      ),
    intelligence: (matchId: number) => api.get<Intelligence>(SCORES_PATHS.intelligence, { match_id: matchId }),
    /**
     * The competition's table, or null when it has none. A competition without a season (the World
     * Cup between tournaments) is a normal answer here, not an error to toast: so the raw client.
     */
    seasonTable: async (competitionId: number): Promise<SeasonTable | null> => {
      const answer = await api.envelope<SeasonTable>({ method: 'GET', url: SCORES_PATHS.seasonTable, params: { competition_id: competitionId } });
      return answer.code === ResponseCode.Ok ? answer.data : null;
    },
    commentary: (matchId: number) => api.get<PageOf<CommentaryLine>>(SCORES_PATHS.robot, { match_id: matchId, page_size: 50 }),
    collect: (request: CollectRequest) => api.post<CollectRequest>(SCORES_PATHS.collect, request),
    /** The signed-in user's favourites (every sport: the caller filters). */
    collectList: () => api.get<MatchPage>(SCORES_PATHS.collectList, { page_size: FAVOURITES_PAGE_SIZE }),
  };
}

export type ScoresApi = ReturnType<typeof scoresApi>;
