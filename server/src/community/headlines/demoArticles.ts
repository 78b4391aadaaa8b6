import { type Kysely, sql } from 'kysely';
import { chinaDate, chinaMonthDayMinute } from '../../infra/chinaTime';
import type { Database } from '../../infra/db/schema';
import type { StandingLine } from '../../scores';

/**
 * Articles beside the match reports while the demo feed runs, written from its data so they agree
 * with the tables, squads and fixtures (source 'seed', published when written):
 *
 * - previews (赛前前瞻) of the day's big games: the two hottest upcoming matches of the hot
 *   competitions (by the teams' points), with their table places, form, injuries and suspensions
 *   and the venue; a cover card "VS" at /static/headline-covers/preview-<id>.svg;
 * - a table analysis (数据观察) per hot league a day: the leader, the chasers, the best attack and
 *   defence;
 * - a transfer rumour (转会传闻) a day: a big club watching a forward of a mid-table side, the
 *   winter window in December and January (a rumour, written as one).
 *
 * Each has a stable title (the match, or the league and the China date), written once.
 */
export const PREVIEW_AUTHOR = '赛前前瞻';
const ANALYSIS_AUTHOR = '数据观察';
const RUMOUR_AUTHOR = '转会传闻';
const PREVIEW_AHEAD_MS = 12 * 3_600_000;
const PREVIEWS_A_TICK = 2;

export function previewCoverPath(matchId: number): string {
  return `/static/headline-covers/preview-${matchId}.svg`;
}

const pick = <Item>(items: readonly Item[], seed: number): Item => items[seed % items.length] as Item;

/** A team's line in a season's table (the feed's StandingLine), with the team's id and name. */
interface TableRow extends StandingLine {
  team_id: number;
  name_zh: string;
}

/** A season's table in order (points, goal difference, goals for). */
async function tableOf(db: Kysely<Database>, seasonId: number, group = ''): Promise<TableRow[]> {
  return db
    .selectFrom('standing as st')
    .innerJoin('team as t', 't.id', 'st.team_id')
    .select(['st.team_id', 't.name_zh', 'st.played', 'st.won', 'st.drawn', 'st.lost', 'st.goals_for', 'st.goals_against', 'st.points', 'st.form'])
    .where('st.season_id', '=', seasonId)
    .where('st.group_name', '=', group)
    .orderBy('st.points', 'desc')
    .orderBy(sql`st.goals_for - st.goals_against`, 'desc')
    .orderBy('st.goals_for', 'desc')
    .execute();
}

const FORM_ZH: Readonly<Record<string, string>> = { W: '胜', D: '平', L: '负' };
const formText = (form: string) => (form === '' ? '暂无' : [...form].map((letter) => FORM_ZH[letter] ?? letter).join(''));
const record = (row: TableRow, football: boolean) => (football ? `${row.won}胜${row.drawn}平${row.lost}负` : `${row.won}胜${row.lost}负`);

/** Previews of the hottest upcoming matches without one; answers how many were written. */
export async function writePreviews(db: Kysely<Database>, now: Date): Promise<number> {
  const matches = await db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .innerJoin('standing as hs', (join) => join.onRef('hs.season_id', '=', 'm.season_id').onRef('hs.team_id', '=', 'm.home_team_id'))
    .innerJoin('standing as as', (join) => join.onRef('as.season_id', '=', 'm.season_id').onRef('as.team_id', '=', 'm.away_team_id'))
    .select(['m.id', 'm.sport', 'm.season_id', 'm.round_zh', 'm.kickoff_at', 'm.home_team_id', 'm.away_team_id', 'c.name_zh as competition', 'h.name_zh as home', 'a.name_zh as away', 'h.venue_zh', 'hs.group_name'])
    .where('m.status', '=', 'scheduled')
    .where('m.kickoff_at', '>', now)
    .where('m.kickoff_at', '<=', new Date(now.getTime() + PREVIEW_AHEAD_MS))
    .where('m.sport', 'in', ['football', 'basketball'])
    .where('c.hot_rank', 'is not', null)
    .where('m.external_key', 'like', 'sim:%')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('headline as p').select('p.id').where('p.author', '=', PREVIEW_AUTHOR).where(sql<boolean>`p.related_match_ids @> array[m.id]::bigint[]`))),
    )
    .orderBy(sql`hs.points + "as".points`, 'desc')
    .orderBy('m.kickoff_at')
    .limit(PREVIEWS_A_TICK)
    .execute();
  if (matches.length === 0) return 0;
  const categories = new Map((await db.selectFrom('headline_category').select(['id', 'key']).execute()).map((row) => [row.key, row.id]));
  let written = 0;
  for (const match of matches) {
    const table = await tableOf(db, match.season_id, match.group_name);
    const place = (teamId: number) => table.findIndex((row) => row.team_id === teamId) + 1;
    const home = table.find((row) => row.team_id === match.home_team_id);
    const away = table.find((row) => row.team_id === match.away_team_id);
    if (home === undefined || away === undefined) continue;
    const football = match.sport === 'football';
    const absences = await db.selectFrom('match_absence').select(['side', 'player_zh', 'kind', 'reason_zh']).where('match_id', '=', match.id).execute();
    const favourite = home.points >= away.points ? home : away;
    const title = pick(
      [
        `前瞻｜${match.home}主场迎战${match.away}，${favourite.name_zh}能否延续强势？`,
        `${match.competition}焦点战：${match.home} vs ${match.away}，积分榜第${place(home.team_id)}对阵第${place(away.team_id)}`,
        `赛前分析｜${match.home}对${match.away}：${Math.abs(home.points - away.points) <= 3 ? '分差咫尺的直接对话' : '强弱分明，冷门会不会出现'}`,
      ],
      match.id,
    ).slice(0, 80);
    const absenceLines = absences.map((absence) => `- ${absence.side === 'home' ? match.home : match.away}：${absence.player_zh}（${absence.kind === 'injury' ? '伤' : '停赛'}，${absence.reason_zh}）`);
    const body = [
      `## 比赛信息`,
      '',
      `${match.competition}${match.round_zh}，${chinaMonthDayMinute(match.kickoff_at)}（北京时间）开球${match.venue_zh === '' ? '' : `，比赛在${match.venue_zh}进行`}。`,
      '',
      `## 积分榜`,
      '',
      `- ${match.home}：第${place(home.team_id)}名，${home.played}场${record(home, football)}，积${home.points}分，${football ? `进${home.goals_for}球失${home.goals_against}球` : `场均得分${(home.goals_for / Math.max(1, home.played)).toFixed(1)}`}`,
      `- ${match.away}：第${place(away.team_id)}名，${away.played}场${record(away, football)}，积${away.points}分，${football ? `进${away.goals_for}球失${away.goals_against}球` : `场均得分${(away.goals_for / Math.max(1, away.played)).toFixed(1)}`}`,
      '',
      `## 近期状态`,
      '',
      `${match.home}近五场：${formText(home.form)}；${match.away}近五场：${formText(away.form)}。`,
      '',
      `## 伤停`,
      '',
      ...(absenceLines.length > 0 ? absenceLines : ['双方暂无重要伤停。']),
      '',
      `## 看点`,
      '',
      home.points === away.points
        ? `两队同分，这场比赛的胜者将在积分榜上拉开差距。`
        : `${favourite.name_zh}积分领先${Math.abs(home.points - away.points)}分，${favourite.team_id === home.team_id ? match.away : match.home}需要一场胜利缩小差距。`,
    ].join('\n');
    const summary = `${match.competition}${match.round_zh}：${match.home}（第${place(home.team_id)}）对阵${match.away}（第${place(away.team_id)}），${chinaMonthDayMinute(match.kickoff_at)}开球。`.slice(0, 200);
    const categoryId = categories.get(match.sport);
    if (categoryId === undefined) continue;
    await db
      .insertInto('headline')
      .values({ category_id: categoryId, title, summary, body, author: PREVIEW_AUTHOR, state: 'published', source: 'seed', cover: previewCoverPath(match.id), related_match_ids: sql`array[${match.id}]::bigint[]`, published_at: now, created_at: now, updated_at: now })
      .execute();
    written += 1;
  }
  return written;
}

/** A table analysis per hot league and a transfer rumour, once a China day each; answers how many were written. */
export async function writeColumns(db: Kysely<Database>, now: Date): Promise<number> {
  const day = chinaDate(now);
  const leagues = await db
    .selectFrom('competition as c')
    .innerJoin('season as s', 's.competition_id', 'c.id')
    .select(['c.id', 'c.sport', 'c.name_zh', 'c.short_name_zh', 's.id as season_id'])
    .where('c.hot_rank', 'is not', null)
    .where('c.sport', 'in', ['football', 'basketball'])
    .where('s.is_current', '=', true)
    .where(({ exists, selectFrom }) => exists(selectFrom('standing as st').select('st.season_id').whereRef('st.season_id', '=', 's.id').where('st.played', '>', 4).where('st.group_name', '=', '')))
    .orderBy('c.hot_rank')
    .limit(3)
    .execute();
  const categories = new Map((await db.selectFrom('headline_category').select(['id', 'key']).execute()).map((row) => [row.key, row.id]));
  const exists = async (title: string) => (await db.selectFrom('headline').select('id').where('title', '=', title).executeTakeFirst()) !== undefined;
  const insert = async (category: string, title: string, summary: string, body: string, author: string) => {
    const categoryId = categories.get(category);
    if (categoryId === undefined || (await exists(title))) return 0;
    await db.insertInto('headline').values({ category_id: categoryId, title, summary: summary.slice(0, 200), body, author, state: 'published', source: 'seed', published_at: now, created_at: now, updated_at: now }).execute();
    return 1;
  };
  let written = 0;
  const [month, date] = day.slice(5).split('-').map(Number) as [number, number];
  for (const league of leagues) {
    const table = await tableOf(db, league.season_id);
    const [leader, second, third] = table;
    if (leader === undefined || second === undefined || third === undefined) continue;
    const football = league.sport === 'football';
    const bestAttack = [...table].sort((a, b) => b.goals_for / Math.max(1, b.played) - a.goals_for / Math.max(1, a.played))[0] ?? leader;
    const bestDefence = [...table].sort((a, b) => a.goals_against / Math.max(1, a.played) - b.goals_against / Math.max(1, b.played))[0] ?? leader;
    const gap = leader.points - second.points;
    const title = `${league.short_name_zh}${month}月${date}日观察：${leader.name_zh}${gap === 0 ? '与' + second.name_zh + '同分' : `领先${gap}分`}，${third.name_zh}紧追`.slice(0, 80);
    const unit = football ? '球' : '分';
    const body = [
      `## 榜首形势`,
      '',
      `${leader.played}${football ? '轮' : '场'}过后，${leader.name_zh}以${record(leader, football)}、积${leader.points}分排在${league.name_zh}榜首，${second.name_zh}（${second.points}分）和${third.name_zh}（${third.points}分）位列二三。`,
      '',
      `## 攻防数据`,
      '',
      `- 最强进攻：${bestAttack.name_zh}，${bestAttack.played}场${football ? '打进' : '得到'}${bestAttack.goals_for}${unit}，场均${(bestAttack.goals_for / Math.max(1, bestAttack.played)).toFixed(football ? 2 : 1)}${unit}`,
      `- 最稳防守：${bestDefence.name_zh}，${bestDefence.played}场${football ? '仅丢' : '失'}${bestDefence.goals_against}${unit}`,
      '',
      `## 近期状态`,
      '',
      `${leader.name_zh}近五场${formText(leader.form)}，${second.name_zh}近五场${formText(second.form)}。${gap <= 3 ? '榜首之争仍有悬念。' : '领头羊的优势正在扩大。'}`,
    ].join('\n');
    written += await insert(league.sport, title, `${league.name_zh}积分榜：${leader.name_zh}${leader.points}分领跑，${second.name_zh}${second.points}分次之。`, body, ANALYSIS_AUTHOR);
  }
  // The rumour: a top-three club and a forward of a side from the middle of the first league's table.
  const first = leagues.find((league) => league.sport === 'football');
  if (first !== undefined && (month === 12 || month === 1 || month === 6 || month === 7 || month === 8)) {
    const table = await tableOf(db, first.season_id);
    const seed = Number(day.replaceAll('-', ''));
    const buyer = table[seed % 3];
    const seller = table[6 + (seed % Math.max(1, table.length - 8))];
    const forward =
      seller === undefined
        ? undefined
        : await db.selectFrom('player').select(['name_zh', 'shirt_number']).where('team_id', '=', seller.team_id).where('position', '=', 'FW').orderBy('id').limit(1).executeTakeFirst();
    if (buyer !== undefined && seller !== undefined && forward !== undefined && buyer.team_id !== seller.team_id) {
      const window = month === 12 || month === 1 ? '冬窗' : '夏窗';
      const title = `转会传闻｜${buyer.name_zh}${window}有意${seller.name_zh}前锋${forward.name_zh}`.slice(0, 80);
      const body = [
        `据多家媒体消息，${buyer.name_zh}已将${seller.name_zh}的${forward.shirt_number}号前锋${forward.name_zh}列入${window}引援名单。`,
        '',
        `## 背景`,
        '',
        `${buyer.name_zh}目前${record(buyer, true)}，积${buyer.points}分；${seller.name_zh}积${seller.points}分，排名中游。${buyer.name_zh}希望在锋线上增加轮换深度。`,
        '',
        `## 进展`,
        '',
        `目前双方俱乐部尚未正式接触，${seller.name_zh}方面希望球员至少留队到赛季结束。*以上消息均为传闻，请以俱乐部官方公告为准。*`,
      ].join('\n');
      written += await insert('football', title, `${buyer.name_zh}关注${seller.name_zh}前锋${forward.name_zh}，${window}或有动作。`, body, RUMOUR_AUTHOR);
    }
  }
  return written;
}

/** The cover card's data of a match with a published preview (null: 404). */
export async function previewCardData(db: Kysely<Database>, matchId: number) {
  return db
    .selectFrom('match as m')
    .innerJoin('competition as c', 'c.id', 'm.competition_id')
    .innerJoin('team as h', 'h.id', 'm.home_team_id')
    .innerJoin('team as a', 'a.id', 'm.away_team_id')
    .select(['m.home_team_id', 'm.away_team_id', 'h.short_name_zh as home', 'a.short_name_zh as away', 'm.kickoff_at', 'c.short_name_zh as caption'])
    .where('m.id', '=', matchId)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('headline as p').select('p.id').where('p.author', '=', PREVIEW_AUTHOR).where('p.state', '<>', 'hidden').where(sql<boolean>`p.related_match_ids @> array[m.id]::bigint[]`)),
    )
    .executeTakeFirst();
}
