import type { CommentaryLine, MatchEvent, PageOf, PageQuery } from '@sports/shared/server';
import type { Kysely } from 'kysely';
import type { Database } from '../infra/db/schema';
import { eventsOf, matchDetail } from './matchInfo';
import { periodName } from './matchStr';
import { pageOf, pageWindow } from '../infra/http/pagination';

interface Teams {
  home_team_name_zh: string;
  away_team_name_zh: string;
}

/** One line of the automatic commentary (the "robot" of `getRobot`) for a stored event. */
export function commentaryText(event: MatchEvent, teams: Teams): string {
  const team = event.side === 'home' ? teams.home_team_name_zh : event.side === 'away' ? teams.away_team_name_zh : '';
  const player = event.player_zh ?? '';
  const score = `${teams.home_team_name_zh} ${event.home_score}-${event.away_score} ${teams.away_team_name_zh}`;
  switch (event.kind) {
    case 'kickoff':
      return `比赛开始，${teams.home_team_name_zh} 对阵 ${teams.away_team_name_zh}`;
    case 'goal':
      if (event.detail === 'own_goal') return `乌龙球！${player} 不慎将球打进自家球门，${team}得分，比分 ${score}`;
      if (event.detail === 'penalty') return `点球命中！${team} ${player} 主罚点球得手，比分 ${score}`;
      return `球进了！${team} ${player} 破门得分，比分 ${score}`;
    case 'yellow':
      return `${team} ${player} 吃到一张黄牌`;
    case 'red':
      return event.detail === 'second_yellow' ? `两黄变一红！${team} ${player} 被罚下场` : `红牌！${team} ${player} 被直接罚下场`;
    case 'substitution':
      return `${team} 换人：${event.player_in_zh ?? ''} 换下 ${player}`;
    case 'halftime':
      return `上半场结束，${score}`;
    case 'second_half':
      return '下半场比赛开始';
    case 'fulltime':
      // A knockout: after extra time, and the shoot-out (the match row's penalty scores) when level.
      if (event.detail === 'extra_time') return `加时赛结束，${score}`;
      if (event.detail === 'penalties') return `加时赛战平，${score}，点球大战决出胜负`;
      return `全场比赛结束，${score}`;
    case 'score': {
      const play = event.points === 3 ? '三分球命中' : event.points === 1 ? '罚球命中' : '两分入账';
      return `${team} ${player} ${play}，${score}`;
    }
    case 'period_end':
      return `${periodName(event.period ?? 1)}结束，${score}`;
    case 'game_start':
      return `第${event.period ?? 1}局开始，大比分 ${score}`;
    case 'game_end':
      return `${team} 拿下第${event.period ?? 1}局！大比分 ${score}`;
    case 'highlight':
      return highlightText(event, team, player);
  }
}

const ESPORTS_HIGHLIGHTS: Record<string, string> = { tower: '推掉一座防御塔', dragon: '拿下小龙', baron: '拿下大龙，优势扩大' };

/** Esports objectives and snooker breaks. */
function highlightText(event: MatchEvent, team: string, player: string): string {
  if (event.detail === 'first_blood') return `一血！${team} ${player} 拿下第一滴血`;
  if (event.detail === 'break') return event.points === 147 ? `满分杆！${player} 打出 147 分` : `${player} 单杆 ${event.points ?? 0} 分`;
  return `${team} ${ESPORTS_HIGHLIGHTS[event.detail ?? ''] ?? '取得优势'}`;
}

/** `GET api/hot_match/getRobot`: commentary of a match's events, newest first. */
export async function robotCommentary(db: Kysely<Database>, matchId: number, query: PageQuery): Promise<PageOf<CommentaryLine>> {
  const { match } = await matchDetail(db, matchId);
  const window = pageWindow(query);
  const events = await eventsOf(db, matchId, window, 'desc');
  return pageOf(
    events.list.map((event) => ({ id: event.id, kind: event.kind, match_str: event.match_str, text: commentaryText(event, match), occurred_at: event.occurred_at })),
    events.total,
    window,
  );
}
