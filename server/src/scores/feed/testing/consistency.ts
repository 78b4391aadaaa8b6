import { type FeedBatch, type FeedFixture, type FeedMatchEvent, type FeedMatchState, type FeedStanding, emptyStanding } from '../matchFeed';
import type { DemoCompetitionSpec } from '../world/demoCompetitions';
import { fixtureBestOf, inPlayWindow } from '../world/seasonCalendar';
import { SNOOKER_MAX_BREAK, gamesToWin } from '../engine/seriesModel';

/**
 * What a fan who knows the sport would call impossible, checked over what the demo feed sent
 * (tests only). Each check returns the problems it found, as sentences naming the match or team;
 * an empty list is a believable feed.
 *
 * - Football: the score equals its goal events, the half-time score is at most the final one,
 *   minutes within 1-45(+) and 46-90(+), no clock once finished.
 * - Basketball: four periods (12 or 10 minutes) and 5-minute overtimes only while tied, the
 *   periods adding up to the score, no draw.
 * - Series: the score is games won, a finished series ends when a side reaches the majority of its
 *   best-of; snooker frames 0-147 a player and at most 147 together, the frame's winner ahead, no
 *   minute clock.
 * - Tables: played = W + D + L, points 3/1/0 (football) or a point a win, goals for and against
 *   and wins and losses adding up across a group; a table computed from results only equals them.
 * - Dates: every fixture inside its competition's play window.
 */
export interface FeedRecord {
  fixtures: Map<string, FeedFixture>;
  states: Map<string, FeedMatchState>;
  events: Map<string, FeedMatchEvent[]>;
  seasons: FeedBatch['seasons'];
}

/** Gathers batches: each match's last state and all its events, the seasons sent. */
export function recordOf(batches: readonly FeedBatch[]): FeedRecord {
  const record: FeedRecord = { fixtures: new Map(), states: new Map(), events: new Map(), seasons: [] };
  for (const batch of batches) {
    for (const fixture of batch.fixtures) record.fixtures.set(fixture.key, fixture);
    for (const state of batch.states) record.states.set(state.key, state);
    for (const event of batch.events) record.events.set(event.matchKey, [...(record.events.get(event.matchKey) ?? []), event]);
    record.seasons.push(...batch.seasons);
  }
  return record;
}

export function checkFootball(key: string, state: FeedMatchState, events: readonly FeedMatchEvent[]): string[] {
  const problems: string[] = [];
  const goals = events.filter((event) => event.kind === 'goal');
  const home = goals.filter((event) => event.side === 'home').length;
  const away = goals.filter((event) => event.side === 'away').length;
  if (home !== state.home_score || away !== state.away_score) problems.push(`${key}: score ${state.home_score}-${state.away_score} but goals ${home}-${away}`);
  if (state.home_half_score !== null && (state.home_half_score > state.home_score || (state.away_half_score ?? 0) > state.away_score)) {
    problems.push(`${key}: half-time ${state.home_half_score}-${state.away_half_score} above the score ${state.home_score}-${state.away_score}`);
  }
  if (state.status === 'finished' && state.home_half_score === null) problems.push(`${key}: finished without a half-time score`);
  for (const event of events) {
    if (event.minute === null) continue;
    if (event.minute < 1 || event.minute > 90 || (event.extra_minute ?? 0) > 15) problems.push(`${key}: ${event.kind} at minute ${event.minute}+${event.extra_minute ?? 0}`);
  }
  return problems;
}

export function checkBasketball(key: string, state: FeedMatchState, periodMinutes: number): string[] {
  const problems: string[] = [];
  const sum = (side: 0 | 1) => state.period_scores.reduce((total, period) => total + period[side], 0);
  if (sum(0) !== state.home_score || sum(1) !== state.away_score) problems.push(`${key}: periods add up to ${sum(0)}-${sum(1)}, score ${state.home_score}-${state.away_score}`);
  if (state.status !== 'finished') return problems;
  if (state.home_score === state.away_score) problems.push(`${key}: finished level ${state.home_score}-${state.away_score}`);
  if (state.period_scores.length < 4) problems.push(`${key}: finished after ${state.period_scores.length} periods`);
  // An overtime only when the game was level after the previous period.
  let home = 0;
  let away = 0;
  state.period_scores.forEach(([periodHome, periodAway], index) => {
    if (index >= 4 && home !== away) problems.push(`${key}: overtime ${index - 3} played after ${home}-${away}`);
    home += periodHome;
    away += periodAway;
    const minutes = index < 4 ? periodMinutes : 5;
    // More than ~6 points a minute for one side in a period is no basketball.
    if (periodHome > minutes * 6 || periodAway > minutes * 6) problems.push(`${key}: period ${index + 1} scored ${periodHome}-${periodAway}`);
  });
  return problems;
}

export function checkSeries(key: string, state: FeedMatchState, events: readonly FeedMatchEvent[], bestOf: number, snooker: boolean): string[] {
  const problems: string[] = [];
  const needed = gamesToWin(bestOf);
  const played = state.home_score + state.away_score;
  if (state.status === 'finished') {
    if (Math.max(state.home_score, state.away_score) !== needed || Math.min(state.home_score, state.away_score) >= needed) {
      problems.push(`${key}: finished ${state.home_score}-${state.away_score} in a best of ${bestOf}`);
    }
    if (state.period_scores.length !== played) problems.push(`${key}: ${state.period_scores.length} games for a ${state.home_score}-${state.away_score} score`);
  } else if (Math.max(state.home_score, state.away_score) >= needed) {
    problems.push(`${key}: still ${state.status} at ${state.home_score}-${state.away_score} in a best of ${bestOf}`);
  }
  if (!snooker) return problems;
  if (state.minute !== null || events.some((event) => event.minute !== null)) problems.push(`${key}: snooker with a minute clock`);
  const ends = events.filter((event) => event.kind === 'game_end');
  state.period_scores.forEach(([home, away], index) => {
    if (home < 0 || away < 0 || home > SNOOKER_MAX_BREAK || away > SNOOKER_MAX_BREAK || home + away > SNOOKER_MAX_BREAK) problems.push(`${key}: frame ${index + 1} scored ${home}-${away}`);
    const end = ends.find((event) => event.period === index + 1);
    if (end !== undefined && (end.side === 'home' ? home <= away : away <= home)) problems.push(`${key}: frame ${index + 1} ${home}-${away} given to ${end.side}`);
  });
  for (const event of events) {
    if (event.kind === 'highlight' && event.points !== null && (event.points < 1 || event.points > SNOOKER_MAX_BREAK)) problems.push(`${key}: a break of ${event.points}`);
  }
  return problems;
}

/** A table on its own: each row adds up, and a group's wins, losses and goals balance. */
export function checkTable(label: string, rows: readonly FeedStanding[], football: boolean): string[] {
  const problems: string[] = [];
  const groups = new Map<string, FeedStanding[]>();
  for (const row of rows) {
    groups.set(row.group_name, [...(groups.get(row.group_name) ?? []), row]);
    if (row.played !== row.won + row.drawn + row.lost) problems.push(`${label} ${row.teamKey}: played ${row.played} ≠ ${row.won}+${row.drawn}+${row.lost}`);
    const points = football ? row.won * 3 + row.drawn : row.won;
    if (row.points !== points) problems.push(`${label} ${row.teamKey}: ${row.points} points for ${row.won}-${row.drawn}-${row.lost}`);
    if (!football && row.drawn > 0) problems.push(`${label} ${row.teamKey}: ${row.drawn} draws`);
  }
  for (const [group, members] of groups) {
    const total = (field: 'won' | 'lost' | 'drawn' | 'goals_for' | 'goals_against') => members.reduce((sum, row) => sum + row[field], 0);
    if (total('won') !== total('lost')) problems.push(`${label} ${group}: ${total('won')} wins but ${total('lost')} losses`);
    if (total('drawn') % 2 !== 0) problems.push(`${label} ${group}: an odd number of draws`);
    if (total('goals_for') !== total('goals_against')) problems.push(`${label} ${group}: ${total('goals_for')} scored but ${total('goals_against')} conceded`);
  }
  return problems;
}

/** A table that starts empty (a tournament sent as results) against what its finished results imply. */
export function checkTableAgainstResults(label: string, rows: readonly FeedStanding[], results: readonly { homeKey: string; awayKey: string; home: number; away: number }[]): string[] {
  const implied = new Map<string, FeedStanding>();
  const add = (key: string, own: number, other: number) => {
    const row = implied.get(key) ?? emptyStanding(key, '');
    applyTo(row, own, other);
    implied.set(key, row);
  };
  for (const result of results) {
    add(result.homeKey, result.home, result.away);
    add(result.awayKey, result.away, result.home);
  }
  const problems: string[] = [];
  for (const row of rows) {
    const expected = implied.get(row.teamKey) ?? emptyStanding(row.teamKey, row.group_name);
    for (const field of ['played', 'won', 'drawn', 'lost', 'goals_for', 'goals_against', 'points'] as const) {
      if (row[field] !== expected[field]) problems.push(`${label} ${row.teamKey}: ${field} ${row[field]}, the results say ${expected[field]}`);
    }
  }
  return problems;
}

/** A group stage in its real format: groups of four, three games each, six matches a group. */
export function checkGroupStage(label: string, fixtures: readonly FeedFixture[]): string[] {
  const problems: string[] = [];
  const byGroup = new Map<string, FeedFixture[]>();
  for (const fixture of fixtures) byGroup.set(fixture.standingsGroup ?? '', [...(byGroup.get(fixture.standingsGroup ?? '') ?? []), fixture]);
  for (const [group, list] of byGroup) {
    const teams = new Set(list.flatMap((fixture) => [fixture.homeKey, fixture.awayKey]));
    const pairs = new Set(list.map((fixture) => [fixture.homeKey ?? '', fixture.awayKey ?? ''].sort().join('|')));
    if (teams.size !== 4 || list.length !== 6 || pairs.size !== 6) problems.push(`${label} ${group}: ${teams.size} teams, ${list.length} matches, ${pairs.size} pairings`);
  }
  return problems;
}

/** Every check over a record of the feed; `specs` by competition name. */
export function checkFeed(record: FeedRecord, specs: ReadonlyMap<string, DemoCompetitionSpec>): string[] {
  const problems: string[] = [];
  for (const [key, fixture] of record.fixtures) {
    const spec = specs.get(fixture.competition.name_zh);
    if (spec === undefined) continue;
    if (!inPlayWindow(spec, fixture.kickoff_at)) problems.push(`${key}: ${spec.name_zh} on ${fixture.kickoff_at.toISOString()}, outside its season`);
    const state = record.states.get(key);
    if (state === undefined) continue;
    const events = record.events.get(key) ?? [];
    if (fixture.sport === 'football') problems.push(...checkFootball(key, state, events));
    else if (fixture.sport === 'basketball') problems.push(...checkBasketball(key, state, spec.periodMinutes ?? 12));
    else problems.push(...checkSeries(key, state, events, fixtureBestOf(spec, fixture.kickoff_at), fixture.sport === 'general'));
  }
  for (const season of record.seasons) {
    const spec = specs.get(season.competition.name_zh);
    problems.push(...checkTable(`${season.competition.name_zh} ${season.name}`, season.standings, season.competition.sport === 'football'));
    if (spec?.pastAsMatches !== true) continue;
    // A tournament sent as results: its table is theirs alone.
    const fixtures = [...record.fixtures.values()].filter((fixture) => fixture.competition.name_zh === season.competition.name_zh && fixture.season_name === season.name);
    const results = fixtures.flatMap((fixture) => {
      const state = record.states.get(fixture.key);
      return state?.status === 'finished' ? [{ homeKey: fixture.homeKey, awayKey: fixture.awayKey, home: state.home_score, away: state.away_score }] : [];
    });
    if (results.length > 0) {
      const computed = season.standings.map((row) => ({ ...row }));
      problems.push(...checkGroupStage(`${season.competition.name_zh} ${season.name}`, fixtures));
      // The sent table is empty; the store adds each result: check the sum against the results.
      for (const row of computed) {
        for (const result of results) {
          if (result.homeKey === row.teamKey) applyTo(row, result.home, result.away);
          if (result.awayKey === row.teamKey) applyTo(row, result.away, result.home);
        }
      }
      problems.push(...checkTable(`${season.competition.name_zh} ${season.name}`, computed, true));
      problems.push(...checkTableAgainstResults(`${season.competition.name_zh} ${season.name}`, computed, results));
    }
  }
  return problems;
}

/** Adds a result to a football line (3/1/0): the check's own sum, not the feed's applyResult it checks. */
function applyTo(row: FeedStanding, own: number, other: number): void {
  row.played += 1;
  row.goals_for += own;
  row.goals_against += other;
  if (own > other) row.won += 1;
  else if (own === other) row.drawn += 1;
  else row.lost += 1;
  row.points = row.won * 3 + row.drawn;
}

/** A squad's season numbers against its team's: nobody has more games than the team, goals within the team's. */
export function checkSquad(label: string, teamPlayed: number, teamGoals: number, squad: readonly { name_zh: string; appearances: number; goals: number }[]): string[] {
  const problems: string[] = [];
  for (const player of squad) if (player.appearances > teamPlayed) problems.push(`${label} ${player.name_zh}: ${player.appearances} appearances, the team played ${teamPlayed}`);
  const goals = squad.reduce((sum, player) => sum + player.goals, 0);
  if (goals > teamGoals) problems.push(`${label}: the players scored ${goals}, the team ${teamGoals}`);
  if (teamPlayed >= 5 && squad.filter((player) => player.appearances >= teamPlayed * 0.7).length < Math.min(5, squad.length)) {
    problems.push(`${label}: after ${teamPlayed} games hardly anyone has played most of them`);
  }
  return problems;
}
