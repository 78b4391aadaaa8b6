import { entry } from './entry';

/** Scores, competitions, favourites and the knowledge bases. One group of the one errors table (../errorCatalogue.ts). */
export const scoresErrors = {
  // --- Scores and sports: matches, competitions, favourites (modules/scores, modules/sports). ---
  SCORES_MATCH_NOT_FOUND: entry('比赛不存在'),
  SCORES_COMPETITION_NOT_FOUND: entry('赛事不存在'),
  SCORES_NO_STANDINGS: entry('该赛事暂无积分榜'),
  SCORES_BAD_DATE: entry('date 日期无效'),
  SCORES_TOO_MANY_FAVORITES: entry('收藏的比赛已达上限'),
  // Knowledge bases (scores/knowledge/): api/base/*.
  KNOWLEDGE_TEAM_NOT_FOUND: entry('球队不存在'),
  KNOWLEDGE_PLAYER_NOT_FOUND: entry('球员不存在'),
  KNOWLEDGE_SEASON_NOT_FOUND: entry('该赛事没有这个赛季'),
};
