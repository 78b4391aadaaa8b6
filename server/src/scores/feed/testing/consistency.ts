import { type FeedBatch, type FeedFixture, type FeedMatchEvent, type FeedMatchState, type FeedStanding, emptyStanding } from '../matchFeed';
import type { DemoCompetitionSpec } from '../world/demoCompetitions';
import { fixtureBestOf, inPlayWindow, inSeasonWindow } from '../world/seasonCalendar';
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
 * - Dates: every fixture inside its competition's play window (a knockout round: its season window).
 * - A knockout stage (the World Cup's, sent as results): the 32 of its first round exactly each
 *   group's top two and the eight best thirds (points, goal difference, goals, then the team key),
 *   no group's teams against each other there; 16-8-4-2 matches, then the third place (the
 *   semi-finals' losers) and the final; every winner in the next round and no loser; a level match
 *   only after extra time and decided on penalties (extra time only after a level 90 minutes); one
 *   champion; dates after the groups', in round order, inside the season.
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
    // Extra time (periods 3 and 4, a knockout's) runs to 120'.
    const last = (event.period ?? 0) >= 3 ? 120 : 90;
    if (event.minute < 1 || event.minute > last || (event.extra_minute ?? 0) > 15) problems.push(`${key}: ${event.kind} at minute ${event.minute}+${event.extra_minute ?? 0}`);
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
    // A knockout round (in no table) is played after the group phase, within the season.
    const window = fixture.standingsGroup === null ? inSeasonWindow : inPlayWindow;
    if (!window(spec, fixture.kickoff_at)) problems.push(`${key}: ${spec.name_zh} on ${fixture.kickoff_at.toISOString()}, outside its season`);
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
    const all = [...record.fixtures.values()].filter((fixture) => fixture.competition.name_zh === season.competition.name_zh && fixture.season_name === season.name);
    const fixtures = all.filter((fixture) => fixture.standingsGroup !== null);
    const knockouts = all.filter((fixture) => fixture.standingsGroup === null);
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
    if (knockouts.length > 0) problems.push(...checkKnockoutStage(`${season.competition.name_zh} ${season.name}`, fixtures, knockouts, record));
  }
  return problems;
}

/** The knockout rounds in order, with their number of matches (季军赛: the semi-finals' losers). */
export const KNOCKOUT_ROUND_SIZES: readonly [string, number][] = [
  ['1/16决赛', 16],
  ['1/8决赛', 8],
  ['1/4决赛', 4],
  ['半决赛', 2],
  ['季军赛', 1],
  ['决赛', 1],
];

/** The side through: the score, else the shoot-out; null when nobody is. */
function sideThrough(state: FeedMatchState | undefined): 'home' | 'away' | null {
  if (state?.status !== 'finished') return null;
  if (state.home_score !== state.away_score) return state.home_score > state.away_score ? 'home' : 'away';
  if (state.home_penalty_score === null || state.away_penalty_score === null || state.home_penalty_score === state.away_penalty_score) return null;
  return state.home_penalty_score > state.away_penalty_score ? 'home' : 'away';
}

/** The 32 a group stage sends on: each group's top two and the eight best thirds (the check's own ranking). */
export function knockoutQualifiers(groupFixtures: readonly FeedFixture[], states: ReadonlyMap<string, FeedMatchState>): { qualifiers: Set<string>; groupOf: Map<string, string> } {
  const lines = new Map<string, { teamKey: string; group: string; points: number; difference: number; goals: number }>();
  const groupOf = new Map<string, string>();
  for (const fixture of groupFixtures) {
    const state = states.get(fixture.key);
    for (const [teamKey, own, other] of [
      [fixture.homeKey, state?.home_score ?? 0, state?.away_score ?? 0],
      [fixture.awayKey, state?.away_score ?? 0, state?.home_score ?? 0],
    ] as const) {
      const line = lines.get(teamKey) ?? { teamKey, group: fixture.standingsGroup ?? '', points: 0, difference: 0, goals: 0 };
      groupOf.set(teamKey, line.group);
      if (state?.status === 'finished') {
        line.points += own > other ? 3 : own === other ? 1 : 0;
        line.difference += own - other;
        line.goals += own;
      }
      lines.set(teamKey, line);
    }
  }
  type Line = typeof lines extends Map<string, infer L> ? L : never;
  const order = (a: Line, b: Line) => b.points - a.points || b.difference - a.difference || b.goals - a.goals || a.teamKey.localeCompare(b.teamKey);
  const groups = new Map<string, Line[]>();
  for (const line of lines.values()) groups.set(line.group, [...(groups.get(line.group) ?? []), line]);
  const qualifiers = new Set<string>();
  const thirds: Line[] = [];
  for (const members of groups.values()) {
    const ranked = [...members].sort(order);
    for (const line of ranked.slice(0, 2)) qualifiers.add(line.teamKey);
    if (ranked[2] !== undefined) thirds.push(ranked[2]);
  }
  for (const line of thirds.sort(order).slice(0, 8)) qualifiers.add(line.teamKey);
  return { qualifiers, groupOf };
}

/** A knockout stage against its group stage (see the list at the top). */
export function checkKnockoutStage(label: string, groupFixtures: readonly FeedFixture[], knockouts: readonly FeedFixture[], record: Pick<FeedRecord, 'states' | 'events'>): string[] {
  const problems: string[] = [];
  const name = (teamKey: string) => teamKey.replace(/^sim:[a-z]+:/, '');
  const { qualifiers, groupOf } = knockoutQualifiers(groupFixtures, record.states);
  const lastGroupKickoff = Math.max(...groupFixtures.map((fixture) => fixture.kickoff_at.getTime()));
  const rounds = new Map<string, FeedFixture[]>();
  for (const fixture of knockouts) {
    if (!KNOCKOUT_ROUND_SIZES.some(([round]) => round === fixture.round_zh)) problems.push(`${label} ${fixture.key}: a knockout match in round '${fixture.round_zh}'`);
    rounds.set(fixture.round_zh, [...(rounds.get(fixture.round_zh) ?? []), fixture]);
  }
  const winnersOf = new Map<string, string[]>();
  const losersOf = new Map<string, string[]>();
  const eliminated = new Map<string, string>();
  let previousLatest = lastGroupKickoff;
  let champions: string[] = [];
  for (const [round, size] of KNOCKOUT_ROUND_SIZES) {
    const matches = rounds.get(round) ?? [];
    if (matches.length !== size) problems.push(`${label} ${round}: ${matches.length} matches, the format has ${size}`);
    const teams = matches.flatMap((fixture) => [fixture.homeKey, fixture.awayKey]);
    if (new Set(teams).size !== teams.length) problems.push(`${label} ${round}: a team plays twice`);
    // Who may play: the 32 qualifiers, the previous round's winners, the semi-finals' losers for third place.
    const expected =
      round === '1/16决赛' ? qualifiers : new Set(round === '季军赛' ? (losersOf.get('半决赛') ?? []) : (winnersOf.get(round === '决赛' ? '半决赛' : (KNOCKOUT_ROUND_SIZES[KNOCKOUT_ROUND_SIZES.findIndex(([other]) => other === round) - 1]?.[0] ?? '')) ?? []));
    for (const team of teams) {
      const out = eliminated.get(team);
      if (out !== undefined && !(round === '季军赛' && out === '半决赛')) problems.push(`${label} ${round}: ${name(team)} lost in ${out} and plays on`);
      else if (!expected.has(team)) problems.push(`${label} ${round}: ${name(team)} ${round === '1/16决赛' ? 'is not among the top two and eight best thirds' : 'did not win the round before'}`);
    }
    for (const team of expected) if (!teams.includes(team)) problems.push(`${label} ${round}: ${name(team)} ${round === '1/16决赛' ? 'qualified' : 'went through'} but does not play`);
    const winners: string[] = [];
    const losers: string[] = [];
    let earliest = Number.POSITIVE_INFINITY;
    let latest = Number.NEGATIVE_INFINITY;
    for (const fixture of matches) {
      const kickoff = fixture.kickoff_at.getTime();
      earliest = Math.min(earliest, kickoff);
      latest = Math.max(latest, kickoff);
      if (round === '1/16决赛' && groupOf.get(fixture.homeKey) === groupOf.get(fixture.awayKey)) problems.push(`${label} ${fixture.key}: ${name(fixture.homeKey)} v ${name(fixture.awayKey)}, one group's teams, in the round of 32`);
      const state = record.states.get(fixture.key);
      problems.push(...checkKnockoutResult(`${label} ${round} ${fixture.key}`, state, record.events.get(fixture.key) ?? []));
      const through = sideThrough(state);
      if (through === null) continue;
      winners.push(through === 'home' ? fixture.homeKey : fixture.awayKey);
      losers.push(through === 'home' ? fixture.awayKey : fixture.homeKey);
    }
    if (matches.length > 0 && earliest <= previousLatest) problems.push(`${label} ${round}: starts ${new Date(earliest).toISOString()}, before the round before is over`);
    if (matches.length > 0) previousLatest = latest;
    winnersOf.set(round, winners);
    losersOf.set(round, losers);
    for (const loser of losers) if (!eliminated.has(loser)) eliminated.set(loser, round);
    if (round === '决赛') champions = winners;
  }
  if (champions.length !== 1) problems.push(`${label}: ${champions.length} champions`);
  return problems;
}

/**
 * One knockout match: finished with a side through; extra time (the last event at 120') exactly
 * when the 90 minutes ended level; a shoot-out exactly when the 120 ended level, with a winner.
 */
export function checkKnockoutResult(label: string, state: FeedMatchState | undefined, events: readonly FeedMatchEvent[]): string[] {
  if (state?.status !== 'finished') return [`${label}: not finished`];
  const problems: string[] = [];
  const goals = events.filter((event) => event.kind === 'goal');
  const inNinety = (side: 'home' | 'away') => goals.filter((event) => event.side === side && (event.period ?? 1) <= 2).length;
  const extraTime = events.some((event) => (event.period ?? 0) >= 3) || events.some((event) => event.kind === 'fulltime' && event.minute === 120);
  const levelAtNinety = inNinety('home') === inNinety('away');
  if (levelAtNinety && !extraTime) problems.push(`${label}: level after 90 minutes and no extra time`);
  if (!levelAtNinety && extraTime) problems.push(`${label}: extra time after a decided 90 minutes`);
  const level = state.home_score === state.away_score;
  const shootout = state.home_penalty_score !== null || state.away_penalty_score !== null;
  if (level && !shootout) problems.push(`${label}: a draw ${state.home_score}-${state.away_score} without penalties`);
  if (!level && shootout) problems.push(`${label}: penalties after a decided ${state.home_score}-${state.away_score}`);
  if (level && shootout && (state.home_penalty_score === state.away_penalty_score || state.home_penalty_score === null || state.away_penalty_score === null)) {
    problems.push(`${label}: a shoot-out without a winner (${state.home_penalty_score}-${state.away_penalty_score})`);
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
