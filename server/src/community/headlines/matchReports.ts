import { type Kysely, sql } from 'kysely';
import type { Database } from '../../infra/db/schema';

/**
 * The demo feed's match reports: for every finished demo match (`external_key` 'sim:…') that has
 * no report yet, one published article (source 'match_report', category football or basketball)
 * with the title `<home> 2-1 <away>：…`, the score, the scorers with their minutes and the cards
 * (football) or the quarters (basketball), and a cover card drawn from the teams' colours served
 * at /static/headline-covers/match-<id>.svg. `headline.match_id` is unique, so however many
 * writers race (nodes, ticks) a match gets one report.
 *
 * The writer polls (REPORT_INTERVAL_MS) rather than hooking the feed: the scores domain stays
 * unaware of headlines, and a report missed while the server was down is written on the next tick.
 */

export const REPORT_INTERVAL_MS = 20_000;
/** Matches finished longer ago than this get no report (the feed's replayed history). */
export const REPORT_LOOKBACK_MS = 7 * 24 * 3_600_000;
const BATCH = 50;
export const REPORT_AUTHOR = '赛事快讯';

export function coverPath(matchId: number): string {
  return `/static/headline-covers/match-${matchId}.svg`;
}

interface FinishedMatch {
  id: number;
  sport: string;
  competition: string;
  round_zh: string;
  home: string;
  away: string;
  home_score: number;
  away_score: number;
  home_half_score: number | null;
  away_half_score: number | null;
  period_scores: unknown;
  finished_at: Date;
}

interface MatchEventRow {
  kind: string;
  side: string | null;
  minute: number | null;
  extra_minute: number | null;
  player_zh: string | null;
}

function minuteText(event: MatchEventRow): string {
  if (event.minute === null) return '';
  return event.extra_minute ? `${event.minute}+${event.extra_minute}'` : `${event.minute}'`;
}

function verdict(match: FinishedMatch): string {
  if (match.home_score === match.away_score) return '双方握手言和';
  const margin = Math.abs(match.home_score - match.away_score);
  const winner = match.home_score > match.away_score ? match.home : match.away;
  if (match.sport === 'basketball') return margin >= 15 ? `${winner}大胜` : margin <= 5 ? `${winner}险胜` : `${winner}取胜`;
  return margin >= 3 ? `${winner}大胜` : match.home_score > match.away_score ? `${winner}主场取胜` : `${winner}客场告捷`;
}

function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** The report's title, summary and Markdown body (pure: tested directly). */
export function composeReport(match: FinishedMatch, events: readonly MatchEventRow[]): { title: string; summary: string; body: string } {
  const score = `${match.home_score}-${match.away_score}`;
  const title = clip(`${match.home} ${score} ${match.away}：${verdict(match)}`, 80);
  const side = (event: MatchEventRow) => (event.side === 'home' ? match.home : event.side === 'away' ? match.away : '');
  const lines: string[] = [];
  const round = match.round_zh === '' ? '' : ` ${match.round_zh}`;
  lines.push(`**${match.competition}${round}**，${match.home} 主场迎战 ${match.away}，全场比分 **${score}**，${verdict(match)}。`);
  if (match.sport === 'football') {
    if (match.home_half_score !== null && match.away_half_score !== null) lines.push('', `半场比分 ${match.home_half_score}-${match.away_half_score}。`);
    const goals = events.filter((event) => event.kind === 'goal');
    lines.push('', '### 进球');
    if (goals.length === 0) lines.push('', '本场比赛没有进球。');
    else lines.push('', ...goals.map((goal) => `- ${minuteText(goal)} ${goal.player_zh ?? '未知球员'}（${side(goal)}）`));
    const cards = events.filter((event) => event.kind === 'yellow' || event.kind === 'red');
    lines.push('', '### 红黄牌');
    if (cards.length === 0) lines.push('', '本场比赛没有出示红黄牌。');
    else lines.push('', ...cards.map((card) => `- ${minuteText(card)} ${card.player_zh ?? '未知球员'}（${side(card)}）${card.kind === 'red' ? '红牌' : '黄牌'}`));
  } else {
    const periods = Array.isArray(match.period_scores) ? (match.period_scores as Array<[number, number]>) : [];
    if (periods.length > 0) {
      lines.push('', '### 各节比分');
      // Overtimes are 加时1, 加时2…, not a fifth quarter.
      lines.push('', ...periods.map(([home, away], index) => `- ${index < 4 ? `第${index + 1}节` : `加时${index - 3}`} ${home}-${away}`));
    }
  }
  const summary = clip(`${match.competition}${round}：${match.home} ${score} ${match.away}，${verdict(match)}。`, 200);
  return { title, summary, body: lines.join('\n') };
}

/** Writes the missing reports (at most BATCH a call); answers how many were written. */
export async function writeMatchReports(db: Kysely<Database>, now: Date): Promise<number> {
  const since = new Date(now.getTime() - REPORT_LOOKBACK_MS);
  const matches = await db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select([
      'm.id',
      'm.sport',
      'c.name_zh as competition',
      'm.round_zh',
      'h.name_zh as home',
      'a.name_zh as away',
      'm.home_score',
      'm.away_score',
      'm.home_half_score',
      'm.away_half_score',
      'm.period_scores',
      'm.finished_at',
    ])
    .where('m.status', '=', 'finished')
    .where('m.finished_at', '>=', since)
    .where('m.finished_at', '<=', now)
    .where('m.external_key', 'like', 'sim:%')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('headline as r').select('r.id').whereRef('r.match_id', '=', 'm.id'))))
    .orderBy('m.finished_at', 'desc')
    .limit(BATCH)
    .execute();
  if (matches.length === 0) return 0;
  const categories = await db.selectFrom('headline_category').select(['id', 'key']).where('key', 'in', ['football', 'basketball']).execute();
  const categoryOf = new Map(categories.map((row) => [row.key, row.id]));
  const events = await db
    .selectFrom('match_event')
    .select(['match_id', 'kind', 'side', 'minute', 'extra_minute', 'player_zh'])
    .where('match_id', 'in', matches.map((match) => match.id))
    .where('kind', 'in', ['goal', 'yellow', 'red'])
    .orderBy('match_id')
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
  let written = 0;
  for (const match of matches) {
    const categoryId = categoryOf.get(match.sport);
    if (categoryId === undefined) continue;
    const report = composeReport({ ...match, finished_at: match.finished_at as Date }, events.filter((event) => event.match_id === match.id));
    const finishedAt = new Date((match.finished_at as Date).getTime());
    const inserted = await db
      .insertInto('headline')
      .values({
        category_id: categoryId,
        title: report.title,
        summary: report.summary,
        body: report.body,
        cover: coverPath(match.id),
        author: REPORT_AUTHOR,
        state: 'published',
        source: 'match_report',
        match_id: match.id,
        published_at: finishedAt,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('match_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted !== undefined) written += 1;
  }
  return written;
}

/** The cover card's data of a match with a report (null when there is none: 404). */
export async function coverCardData(db: Kysely<Database>, matchId: number) {
  return db
    .selectFrom('headline as r')
    .innerJoin('match as m', 'm.id', 'r.match_id')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['m.home_team_id', 'm.away_team_id', 'h.short_name_zh as home', 'a.short_name_zh as away', 'm.home_score', 'm.away_score', 'c.short_name_zh as caption'])
    .where('r.match_id', '=', matchId)
    .where(sql<boolean>`r.state <> 'hidden'`)
    .executeTakeFirst();
}
